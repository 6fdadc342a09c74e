import { createFileRoute } from '@tanstack/react-router'

import { LibrarySheetScreen } from '@/features/niches/library-sheet-screen'
import { isLibraryNiche, onlyKnown } from '@/lib/named-pages'

/** A niche's library sheet: /admin/niche/health, /wealth, /relationship, /woodworking. */
export const Route = createFileRoute('/admin/niche/$niche')({
  beforeLoad: onlyKnown('niche', isLibraryNiche),
  component: function LibraryScreen() {
    const { niche } = Route.useParams()
    return isLibraryNiche(niche) ? <LibrarySheetScreen key={niche} niche={niche} /> : null
  },
})
