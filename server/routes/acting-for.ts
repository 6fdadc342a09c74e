import type { Db } from '../db/client'
import { notFound } from '../errors'
import { findMemberById } from '../repos/members'
import type { AuthedMember } from '../services/auth'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whose rows a call acts on. Never the client's word alone: a member acts for themself only,
 * and another member's id is as unknown to them as an id nobody has; an administrator may act
 * for any member that exists.
 */
export async function actingFor(
  db: Db,
  caller: AuthedMember,
  memberId: string | undefined,
): Promise<string> {
  if (memberId === undefined || memberId === caller.id) return caller.id
  if (caller.role !== 'admin' || !UUID.test(memberId)) throw notFound('Member not found')
  if (!(await findMemberById(db, memberId))) throw notFound('Member not found')
  return memberId
}
