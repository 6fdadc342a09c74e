import type { FastifyInstance } from 'fastify'

import { badRequest, notFound } from '../errors'
import type { ownedRows } from '../repos/owned'
import type { AuthedMember } from '../services/auth'
import type { HeardCache } from '../services/heard-cache'

type Rows = ReturnType<typeof ownedRows>

interface Options<Row, Wire, Body> {
  /** "Note": used in "Note not found". */
  what: string
  /** "notes": used in "You can keep at most 500 notes". */
  plural: string
  max: number
  toWire: (row: Row) => Wire
  /** Body to columns, when they differ. */
  toColumns?: (body: Body) => Record<string, unknown>
  /**
   * What is kept in memory of a member's rows: every write goes through it, so that no server
   * instance answers from before the write once it has answered.
   */
  cache?: Pick<HeardCache<unknown>, 'change'>
  /**
   * Whose rows a call acts on, from the caller and the `memberId` the body names (if any):
   * the caller by default. See acting-for.ts for the rule that lets an administrator name one.
   */
  owner?: (member: AuthedMember, named: string | undefined) => Promise<string>
}

/**
 * Create, get, update and remove of a member's own rows: the owner comes from the token, a row of
 * anyone else is not found, and a member keeps at most `max` of them.
 */
export function ownedCrud<Row, Wire, Body>(
  app: FastifyInstance,
  rows: Rows,
  {
    what,
    plural,
    max,
    toWire,
    toColumns = (body) => body as Record<string, unknown>,
    cache,
    owner = async (member) => member.id,
  }: Options<Row, Wire, Body>,
) {
  const db = () => app.services.database.db
  /** A write of the member's rows; one that found no row changed nothing. */
  const write = <R>(memberId: string, run: () => Promise<R>): Promise<R> =>
    cache ? cache.change(memberId, run, Boolean) : run()
  const found = <T>(row: T | undefined | false): T => {
    if (!row) throw notFound(`${what} not found`)
    return row
  }
  type Ctx = { member: AuthedMember; params: { id: string }; body: Body }
  const columns = (body: Body) => toColumns(body) as Parameters<Rows['insert']>[2]
  const named = (body: unknown) => (body as { memberId?: string } | undefined)?.memberId
  const ownerOf = (member: AuthedMember, body?: unknown) => owner(member, named(body))
  return {
    create: async ({ body, member }: Omit<Ctx, 'params'>) => {
      const memberId = await ownerOf(member, body)
      if ((await rows.count(db(), memberId)) >= max) {
        throw badRequest(
          `You can keep at most ${max.toLocaleString('en')} ${plural}: delete some first`,
        )
      }
      const row = await write(memberId, () => rows.insert(db(), memberId, columns(body)))
      return { data: toWire(row as Row) }
    },
    get: async ({ params, member }: Omit<Ctx, 'body'>) => ({
      data: toWire(found(await rows.get(db(), member.id, params.id)) as Row),
    }),
    update: async ({ params, body, member }: Ctx) => {
      const memberId = await ownerOf(member, body)
      const row = await write(memberId, () => rows.update(db(), memberId, params.id, columns(body)))
      return { data: toWire(found(row) as Row) }
    },
    remove: async ({ params, member, body }: Omit<Ctx, 'body'> & { body?: unknown }) => {
      const memberId = await ownerOf(member, body)
      found(await write(memberId, () => rows.remove(db(), memberId, params.id)))
      return { data: { id: params.id } }
    },
  }
}
