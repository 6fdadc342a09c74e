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
  return {
    create: async ({ body, member }: Omit<Ctx, 'params'>) => {
      if ((await rows.count(db(), member.id)) >= max) {
        throw badRequest(
          `You can keep at most ${max.toLocaleString('en')} ${plural}: delete some first`,
        )
      }
      const row = await write(member.id, () => rows.insert(db(), member.id, columns(body)))
      return { data: toWire(row as Row) }
    },
    get: async ({ params, member }: Omit<Ctx, 'body'>) => ({
      data: toWire(found(await rows.get(db(), member.id, params.id)) as Row),
    }),
    update: async ({ params, body, member }: Ctx) => {
      const row = await write(member.id, () =>
        rows.update(db(), member.id, params.id, columns(body)),
      )
      return { data: toWire(found(row) as Row) }
    },
    remove: async ({ params, member }: Omit<Ctx, 'body'>) => {
      found(await write(member.id, () => rows.remove(db(), member.id, params.id)))
      return { data: { id: params.id } }
    },
  }
}
