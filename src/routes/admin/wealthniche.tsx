import { createFileRoute } from '@tanstack/react-router'

import { OwnSheetScreen } from '../../features/niches/own-sheet-screen'

export const Route = createFileRoute('/admin/wealthniche')({
  component: () => <OwnSheetScreen niche="wealth" />,
})
