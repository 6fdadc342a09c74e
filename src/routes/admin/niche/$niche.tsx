import { createFileRoute, redirect } from '@tanstack/react-router'

import { LibrarySheetScreen } from '@/features/niches/library-sheet-screen'
import { isLibraryNiche } from '@/lib/named-pages'

/** A niche's library sheet: /admin/niche/health, /wealth, /relationship, /woodworking. */
export const Route = createFileRoute('/admin/niche/$niche')({
  beforeLoad: ({ params }) => {
    if (!isLibraryNiche(params.niche)) throw redirect({ to: '/auth/404', replace: true })
  },
  component: function LibraryScreen() {
    const { niche } = Route.useParams()
    return isLibraryNiche(niche) ? <LibrarySheetScreen key={niche} niche={niche} /> : null
  },
})
