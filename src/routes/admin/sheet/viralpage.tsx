import { createFileRoute } from '@tanstack/react-router'

import { ViralIdeaScreen } from '@/features/tools/viral-idea-screen'
import { optionalText, searchOf } from '@/lib/search-params'

/** `?id=` names the idea by its slug; without one the first idea shows, an unknown one is not found. */
export const Route = createFileRoute('/admin/sheet/viralpage')({
  validateSearch: searchOf((search) => ({ id: optionalText(search.id, 80) })),
  component: ViralIdeaScreen,
})
