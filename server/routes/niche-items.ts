import type { FastifyInstance } from 'fastify'

import {
  CUSTOM_NICHE_REQUIRED,
  customNiches,
  healthNiche,
  MAX_CUSTOM_NICHES,
  MAX_SHEET_ROWS,
  phoneItems,
  relationshipNiche,
  wealthNiche,
  woodworkingNiche,
  type ItemCreate,
} from '@schemas/niche-items'
import type { Niche } from '@schemas/niches'

import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import {
  countCustomNiches,
  findCustomNiche,
  insertCustomNiche,
  insertRows,
  listCustomNiches,
  listCustomRows,
  listPhoneRows,
  listSheet,
  removeCustomNiche,
  removeRow,
  renameCustomNiche,
  sheetSize,
  updateRow,
  type ItemValues,
  type Sheet,
} from '../repos/niche-items'
import type { AuthedMember } from '../services/auth'
import { isUniqueViolation } from '../shared/database-errors'
import { actingFor as actingForMember } from './acting-for'

/** The columns of a row as sent, without who it is for. */
const valuesOf = <T extends { memberId?: string | undefined; nicheLabel?: string }>(body: T) => {
  const { memberId: _member, nicheLabel: _label, ...values } = body
  return values as ItemValues & { position?: number | undefined }
}

export function nicheItemRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db

  /** Whose rows a call acts on (see acting-for.ts). */
  const actingFor = (caller: AuthedMember, memberId: string | undefined) =>
    actingForMember(db(), caller, memberId)

  /** Adds rows at the end of a sheet (or where each says), within the sheet's size. */
  const addRows = async (sheet: Sheet, rows: ReturnType<typeof valuesOf>[], phone = false) => {
    const size = await sheetSize(db(), sheet)
    if (size.rows + rows.length > MAX_SHEET_ROWS) {
      const room = Math.max(0, MAX_SHEET_ROWS - size.rows)
      throw badRequest(
        `A sheet holds at most ${MAX_SHEET_ROWS.toLocaleString('en')} rows: this one has room ` +
          `for ${room.toLocaleString('en')} more. Delete some rows first.`,
      )
    }
    return insertRows(
      db(),
      sheet,
      rows.map((row, i) => ({ ...row, position: row.position ?? size.next + i })),
      phone,
    )
  }

  const found = <T>(row: T | undefined | false, what = 'Row'): T => {
    if (!row) throw notFound(`${what} not found`)
    return row
  }

  const sheetHandlers = (niche: Niche) => ({
    create: async ({ body, member }: { body: ItemCreate; member: AuthedMember }) => {
      const memberId = await actingFor(member, body.memberId)
      const [row] = await addRows({ memberId, niche }, [valuesOf(body)])
      return { data: row! }
    },
    list: async ({ params, member }: { params: { id: string }; member: AuthedMember }) => ({
      data: await listSheet(db(), { memberId: await actingFor(member, params.id), niche }),
    }),
    update: async ({
      params,
      body,
      member,
    }: {
      params: { id: string }
      body: { memberId?: string | undefined }
      member: AuthedMember
    }) => {
      const memberId = await actingFor(member, body.memberId)
      const row = await updateRow(db(), { memberId, niche, id: params.id }, valuesOf(body))
      return { data: found(row) }
    },
    remove: async ({
      params,
      body,
      member,
    }: {
      params: { id: string }
      body: { memberId: string }
      member: AuthedMember
    }) => {
      const memberId = await actingFor(member, body.memberId)
      found(await removeRow(db(), { memberId, niche, id: params.id }))
      return { data: { id: params.id } }
    },
    batch: async ({
      body,
      member,
    }: {
      body: { memberId?: string | undefined; rows: ItemValues[] }
      member: AuthedMember
    }) => {
      const memberId = await actingFor(member, body.memberId)
      const rows = await addRows({ memberId, niche }, body.rows)
      return { data: { added: rows.length } }
    },
  })

  registerGroup(app, healthNiche, sheetHandlers('health'))
  registerGroup(app, wealthNiche, sheetHandlers('wealth'))
  registerGroup(app, relationshipNiche, sheetHandlers('relationship'))
  registerGroup(app, woodworkingNiche, sheetHandlers('woodworking'))

  const phoneCreate =
    (niche: Niche) =>
    async ({ body, member }: { body: ItemCreate; member: AuthedMember }) => {
      const memberId = await actingFor(member, body.memberId)
      const [row] = await addRows({ memberId, niche }, [valuesOf(body)], true)
      return { data: row! }
    }
  registerGroup(app, phoneItems, {
    createHealth: phoneCreate('health'),
    createWealth: phoneCreate('wealth'),
    createRelationship: phoneCreate('relationship'),
    createWoodworking: phoneCreate('woodworking'),
    list: async ({ params, member }) => ({
      data: await listPhoneRows(db(), await actingFor(member, params.id)),
    }),
  })

  /** A member's own niche by label: the sheet its rows belong to. */
  const customSheet = async (memberId: string, label: string): Promise<Sheet> => {
    const niche = await findCustomNiche(db(), memberId, label)
    if (!niche) throw notFound(`You have no niche named "${label.trim()}"`)
    return { memberId, niche: 'custom', customNicheId: niche.id }
  }
  const labelTaken = (label: string) => badRequest(`You already have a niche named "${label}"`)

  const addCustomRow = async ({
    body,
    member,
  }: {
    body: ItemCreate & { nicheLabel: string }
    member: AuthedMember
  }) => {
    const sheet = await customSheet(await actingFor(member, body.memberId), body.nicheLabel)
    const [row] = await addRows(sheet, [valuesOf(body)])
    return { data: row! }
  }

  registerGroup(app, customNiches, {
    create: async ({ body, member }) => {
      const memberId = await actingFor(member, body.memberId)
      if ((await countCustomNiches(db(), memberId)) >= MAX_CUSTOM_NICHES) {
        throw badRequest(`You can keep at most ${MAX_CUSTOM_NICHES} niches: delete one first`)
      }
      try {
        return { data: await insertCustomNiche(db(), memberId, body.label) }
      } catch (error) {
        if (isUniqueViolation(error)) throw labelTaken(body.label)
        throw error
      }
    },
    list: async ({ params, member }) => ({
      data: await listCustomNiches(db(), await actingFor(member, params.id)),
    }),
    rename: async ({ params, body, member }) => {
      const memberId = await actingFor(member, body.memberId)
      try {
        return {
          data: found(await renameCustomNiche(db(), memberId, params.id, body.label), 'Niche'),
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw labelTaken(body.label)
        throw error
      }
    },
    remove: async ({ params, body, member }) => {
      const memberId = await actingFor(member, body.memberId)
      found(await removeCustomNiche(db(), memberId, params.id), 'Niche')
      return { data: { id: params.id } }
    },
    addRow: addCustomRow,
    allRows: async ({ params, member }) => ({
      data: await listCustomRows(db(), await actingFor(member, params.id)),
    }),
    deskCreate: addCustomRow,
    deskList: async ({ query, member }) => {
      if (!query.member || !query.niche?.trim()) throw badRequest(CUSTOM_NICHE_REQUIRED)
      const sheet = await customSheet(await actingFor(member, query.member), query.niche)
      return { data: await listSheet(db(), sheet) }
    },
    deskUpdate: async ({ params, body, member }) => {
      const memberId = await actingFor(member, body.memberId)
      const where = { memberId, niche: 'custom', id: params.id }
      return { data: found(await updateRow(db(), where, valuesOf(body))) }
    },
    deskRemove: async ({ params, query, member }) => {
      if (!query.Member || !query.niche?.trim()) throw badRequest(CUSTOM_NICHE_REQUIRED)
      if (query.id !== undefined && query.id !== params.id) {
        throw badRequest('The id in the query is not the id in the path')
      }
      const sheet = await customSheet(await actingFor(member, query.Member), query.niche)
      found(await removeRow(db(), { ...sheet, id: params.id, customNicheId: sheet.customNicheId }))
      return { data: { id: params.id } }
    },
    deskBatch: async ({ body, member }) => {
      const sheet = await customSheet(await actingFor(member, body.memberId), body.nicheLabel)
      return { data: { added: (await addRows(sheet, body.rows)).length } }
    },
  })
}
