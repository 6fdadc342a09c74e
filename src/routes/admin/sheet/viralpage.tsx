import { createFileRoute } from '@tanstack/react-router'
import { optionalText, searchOf } from '../../../lib/search-params'
import { ViralIdeaScreen } from '../../../features/tools/viral-idea-screen'

/** `?id=` names the idea by its slug; an unknown or missing one shows the not-found state. */
export const Route = createFileRoute('/admin/sheet/viralpage')({
  validateSearch: searchOf((search) => ({ id: optionalText(search.id, 80) })),
  component: ViralIdeaScreen,
})
