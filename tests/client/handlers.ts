import { contract } from '@schemas/index'
import type { ItemCreate, NicheItem } from '@schemas/niche-items'
import type { LibraryFile } from '@schemas/niches'

import { makeCurrent, makeProfile } from './factories'
import { handle } from './msw'

/** What a signed-in screen loads: the profile for the stored e-mail and the current member. */
export function memberHandlers(
  profile = makeProfile(),
  current = makeCurrent({ email: profile.email, role: profile.role, id: profile.id }),
) {
  return [
    handle(contract.members.profile, ({ params }) =>
      params.email === profile.email
        ? { data: { data: profile } }
        : { status: 404, message: 'Member not found' },
    ),
    handle(contract.auth.current, () => ({ data: current })),
  ]
}

/**
 * The phone flow's server: the libraries asked for (404 for any other niche), and the saved
 * phone posts, which each POST to /healthmob and its siblings adds to, newest first.
 */
export function phoneHandlers(libraries: LibraryFile[], saved: NicheItem[] = []) {
  const posts = [...saved]
  const created: { niche: string; body: ItemCreate }[] = []
  const create =
    (niche: string) =>
    ({ body }: { body: ItemCreate }) => {
      created.push({ niche, body })
      const now = new Date().toISOString()
      const item: NicheItem = {
        id: `00000000-0000-4000-9000-${String(posts.length + 1).padStart(12, '0')}`,
        memberId: 'member-1',
        niche,
        customNicheId: null,
        phone: true,
        subNiche: body.subNiche ?? '',
        audience: body.audience ?? '',
        pain: body.pain ?? '',
        offerCategory: body.offerCategory ?? '',
        hook: body.hook ?? '',
        postFormat: body.postFormat ?? '',
        postIdea: body.postIdea ?? '',
        cta: body.cta ?? '',
        hashtags: body.hashtags ?? '',
        status: body.status ?? 'idea',
        link: body.link ?? '',
        note: body.note ?? '',
        position: 0,
        createdAt: now,
        updatedAt: now,
      }
      posts.unshift(item)
      return { status: 201 as const, data: { data: item } }
    }
  return {
    posts,
    created,
    handlers: [
      handle(contract.niches.library, ({ params }) => {
        const library = libraries.find((file) => file.niche === params.niche)
        return library ? { data: { data: library } } : { status: 404, message: 'Unknown niche' }
      }),
      handle(contract.phoneItems.createHealth, create('health')),
      handle(contract.phoneItems.createWealth, create('wealth')),
      handle(contract.phoneItems.createRelationship, create('relationship')),
      handle(contract.phoneItems.createWoodworking, create('woodworking')),
      handle(contract.phoneItems.list, () => ({ data: { data: posts } })),
    ],
  }
}
