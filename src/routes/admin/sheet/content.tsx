import { createFileRoute } from '@tanstack/react-router'

import { ContentListScreen } from '@/features/content/content-list-screen'

export const Route = createFileRoute('/admin/sheet/content')({
  component: ContentListScreen,
})
