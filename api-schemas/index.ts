import { ai } from './ai'
import { auth } from './auth'
import { calendarFeed } from './calendar-feed'
import { certificates } from './certificates'
import { checks } from './checks'
import { community } from './community'
import { content } from './content'
import { courses } from './courses'
import { accounts, earnings } from './earnings'
import { events } from './events'
import { insights } from './insights'
import { instagramBios } from './instagram'
import { leaderboard } from './leaderboard'
import { leads } from './leads'
import { members } from './members'
import { momentum } from './momentum'
import {
  customNiches,
  healthNiche,
  phoneItems,
  relationshipNiche,
  wealthNiche,
  woodworkingNiche,
} from './niche-items'
import { niches } from './niches'
import { notes } from './notes'
import { notifications } from './notifications'
import { queue } from './queue'
import { reminders } from './reminders'
import { support } from './support'
import { system } from './system'
import { tools } from './tools'

/** The whole HTTP contract, one entry per endpoint group. Paths are under `/api`. */
export const contract = {
  system,
  auth,
  members,
  notes,
  content,
  events,
  calendarFeed,
  momentum,
  leaderboard,
  reminders,
  leads,
  support,
  earnings,
  accounts,
  courses,
  certificates,
  checks,
  insights,
  niches,
  healthNiche,
  wealthNiche,
  relationshipNiche,
  woodworkingNiche,
  phoneItems,
  customNiches,
  queue,
  tools,
  instagramBios,
  ai,
  community,
  notifications,
}

export type Contract = typeof contract
export type GroupName = keyof Contract

export const API_PREFIX = '/api'
