import { createFileRoute } from '@tanstack/react-router'

import { CustomNichesScreen } from '@/features/niches/custom-niches-screen'

export const Route = createFileRoute('/admin/customniches/$nicheLabel')({
  component: function DeskView() {
    const { nicheLabel } = Route.useParams()
    return <CustomNichesScreen label={nicheLabel} view="desk" />
  },
})
