import type { FastifyInstance } from 'fastify'

import { earnings, MONTH_NAMES, type EarningsQuery, type Network } from '@schemas/earnings'

import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import { earningsOf, findAccount, hopDataOf, salesByCountry, type Period } from '../repos/earnings'
import type { AuthedMember } from '../services/auth'

const iso = (d: Date) => d.toISOString().slice(0, 10)

/** A month of a year, or the whole year without a month; the current year without one. */
export function periodOf(query: EarningsQuery, now: number): Period {
  const year = Number(query.year ?? new Date(now).getUTCFullYear())
  const byName = query.monthName ? MONTH_NAMES.indexOf(query.monthName) + 1 : undefined
  if (query.month !== undefined && byName !== undefined && Number(query.month) !== byName) {
    throw badRequest('monthName: does not match month')
  }
  const month = query.month !== undefined ? Number(query.month) : byName
  if (!month) return { from: `${year}-01-01`, to: `${year}-12-31` }
  return {
    from: iso(new Date(Date.UTC(year, month - 1, 1))),
    to: iso(new Date(Date.UTC(year, month, 0))),
  }
}

export function earningsRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  /** Only the caller's own affiliate accounts (an administrator: anyone's); others do not exist. */
  const account = async (member: AuthedMember, network: Network, affiliateId: string) => {
    const row = await findAccount(db(), network, affiliateId)
    if (!row || (row.memberId !== member.id && member.role !== 'admin')) {
      throw notFound('No such affiliate account')
    }
    return row
  }
  const args = async (member: AuthedMember, network: Network, query: EarningsQuery) =>
    [
      db(),
      (await account(member, network, query.affiliateid)).id,
      periodOf(query, app.services.now()),
      query.search || undefined,
    ] as const

  registerGroup(app, earnings, {
    profitEarning: async ({ member, query }) => ({
      data: await earningsOf(...(await args(member, 'clickbank', query))),
    }),
    saleByCountry: async ({ member, query }) => ({
      data: await salesByCountry(...(await args(member, 'clickbank', query))),
    }),
    hopData: async ({ member, query }) => ({
      data: await hopDataOf(...(await args(member, 'clickbank', query))),
    }),
    dgEarning: async ({ member, query }) => ({
      data: await earningsOf(...(await args(member, 'digistore24', query))),
    }),
    dgSaleByCountry: async ({ member, query }) => ({
      data: await salesByCountry(...(await args(member, 'digistore24', query))),
    }),
  })
}
