import type { Niche } from '@schemas/niches'
import type { AppPath } from '@/lib/named-pages'

/** Where each niche's library and own sheet live, and how the screens name the niche. */
export const NICHE_PAGES = {
  health: { name: 'Health', library: '/admin/niche/health', own: '/admin/healthniche' },
  wealth: { name: 'Wealth', library: '/admin/niche/wealth', own: '/admin/wealthniche' },
  relationship: {
    name: 'Relationship',
    library: '/admin/niche/relationship',
    own: '/admin/relationshipniche',
  },
  woodworking: {
    name: 'Woodworking',
    library: '/admin/niche/woodworking',
    own: '/admin/craftniche',
  },
} as const satisfies Record<Niche, { name: string; library: AppPath; own: AppPath }>
