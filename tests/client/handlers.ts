import { contract } from '../../api-schemas/index'
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
