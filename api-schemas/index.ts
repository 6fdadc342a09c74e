import { auth } from './auth'
import { members } from './members'
import { system } from './system'

/** The whole HTTP contract, one entry per endpoint group. Paths are under `/api`. */
export const contract = { system, auth, members }

export type Contract = typeof contract
export type GroupName = keyof Contract

export const API_PREFIX = '/api'
