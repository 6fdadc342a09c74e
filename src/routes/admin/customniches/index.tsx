import { createFileRoute } from '@tanstack/react-router'

import { CustomNichesScreen } from '@/features/niches/custom-niches-screen'

export const Route = createFileRoute('/admin/customniches/')({
  component: () => <CustomNichesScreen view="desk" />,
})
