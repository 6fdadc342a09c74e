import { networkAccounts } from '../../server/db/schema'
import { createTestApp } from './helpers'

/**
 * An app whose member Maya has a ClickBank and a Digistore24 account, another member Milo and an
 * administrator, each signed in: enough to ask whose figures are whose.
 */
export async function openEarningsApp() {
  const t = await createTestApp()
  const maya = await t.createMember()
  const milo = await t.createMember()
  const admin = await t.createMember({ role: 'admin' })
  const token = await t.login(maya.email, maya.password)
  const otherToken = await t.login(milo.email, milo.password)
  const adminToken = await t.login(admin.email, admin.password)
  const [cb] = await t.database.db
    .insert(networkAccounts)
    .values({ memberId: maya.id, network: 'clickbank', accountId: 'mayacb' })
    .returning()
  const [ds] = await t.database.db
    .insert(networkAccounts)
    .values({ memberId: maya.id, network: 'digistore24', accountId: 'maya_ds24' })
    .returning()
  return { t, token, otherToken, adminToken, cbRef: cb!.id, dsRef: ds!.id }
}

/** The kinds fast-check picks from: a sale three times as often as a refund or a chargeback. */
export const kinds = ['sale', 'sale', 'sale', 'refund', 'chargeback'] as const
