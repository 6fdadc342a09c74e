import { createFileRoute } from '@tanstack/react-router'

import { CustomNichesScreen } from '@/features/niches/custom-niches-screen'

export const Route = createFileRoute('/admin/customniche/$nicheLabel')({
  component: function CardView() {
    const { nicheLabel } = Route.useParams()
    return <CustomNichesScreen label={nicheLabel} view="cards" />
  },
})
