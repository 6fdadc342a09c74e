import { createFileRoute } from '@tanstack/react-router'

import { BioBuilderScreen } from '@/features/instagram/bio-builder-screen'

export const Route = createFileRoute('/admin/instagram/bio')({
  component: BioBuilderScreen,
})
