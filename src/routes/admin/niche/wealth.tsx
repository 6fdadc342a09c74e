import { createFileRoute } from '@tanstack/react-router'

import { LibrarySheetScreen } from '../../../features/niches/library-sheet-screen'

export const Route = createFileRoute('/admin/niche/wealth')({
  component: () => <LibrarySheetScreen niche="wealth" />,
})
