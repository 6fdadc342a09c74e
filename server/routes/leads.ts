import type { FastifyInstance } from 'fastify'

import { hasArea } from '@schemas/access'
import { leads, LEADS_EMAIL_REQUIRED, MAX_LEADS } from '@schemas/leads'

import { badRequest, notFound } from '../errors'
import { registerGroup } from '../plugins/contract'
import {
  captureLead,
  findFormOwner,
  leadRows,
  listLeads,
  setLeadFormKey,
  toLead,
} from '../repos/leads'
import { findMemberById } from '../repos/members'
import { randomToken } from '../services/tokens'
import { ownedCrud } from './owned-crud'

const formOf = (key: string) => ({
  key,
  optinPath: `/optin/${key}`,
  captureAction: `/api/public/leads/${key}`,
})

export function leadRoutes(app: FastifyInstance) {
  const db = () => app.services.database.db
  const crud = ownedCrud(app, leadRows, {
    what: 'Lead',
    plural: 'leads',
    max: MAX_LEADS,
    toWire: toLead, // a lead added by hand gets the column default, source "manual"
  })
  const found = <T>(row: T | undefined) => {
    if (!row) throw notFound('Lead not found')
    return row
  }
  /** A form whose owner lost the viral-leads area (or left) is as good as gone. */
  const liveOwner = async (key: string) => {
    const owner = await findFormOwner(db(), key)
    if (!owner || !hasArea(owner, 'viralLeads')) {
      throw notFound('This form is no longer available')
    }
    return owner
  }

  registerGroup(app, leads, {
    list: async ({ query, member }) => {
      if (!query.email) throw badRequest(LEADS_EMAIL_REQUIRED)
      const { email, ...options } = query
      const owner = await app.services.members.visibleByEmail(member, email)
      return { data: await listLeads(db(), owner.id, options) }
    },
    ...crud,
    // An administrator may read any member's lead (the leads list lets them see anyone's).
    get: async ({ params, member }) =>
      member.role === 'admin'
        ? { data: toLead(found(await leadRows.getAny(db(), params.id))) }
        : crud.get({ params, member }),
    form: async ({ member }) => {
      const row = await findMemberById(db(), member.id)
      let key = row?.leadFormKey
      if (!key) {
        key = randomToken()
        await setLeadFormKey(db(), member.id, key)
      }
      return { data: formOf(key) }
    },
    rotateForm: async ({ member }) => {
      const key = randomToken()
      await setLeadFormKey(db(), member.id, key)
      return { data: formOf(key) }
    },
    publicForm: async ({ params }) => {
      const owner = await liveOwner(params.key)
      const ownerName = `${owner.firstName} ${owner.lastName}`.trim() || 'this member'
      return { data: { ownerName } }
    },
    capture: async ({ params, body, req, reply }) => {
      await app.services.limiter.consume('leadCapturesPerIp', req.ip)
      const owner = await liveOwner(params.key)
      // Bots fill every field; people never see this one. Answer as if all went well.
      if (!body.website) await captureLead(db(), owner.id, { name: body.name, email: body.email })
      const text = 'Thank you! You are on the list.'
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        // A plain HTML form on another site: send the person to the thank-you page.
        reply.code(303).header('location', `/optin/${params.key}?done=1`)
      }
      return { data: { message: text } }
    },
  })
}
