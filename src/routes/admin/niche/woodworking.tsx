import { createFileRoute } from '@tanstack/react-router'

import { LibrarySheetScreen } from '../../../features/niches/library-sheet-screen'

export const Route = createFileRoute('/admin/niche/woodworking')({
  component: () => <LibrarySheetScreen niche="woodworking" />,
})
