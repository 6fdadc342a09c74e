import type { CurrentUser } from '@schemas/auth'
import type { Author, Post, Reply } from '@schemas/community'
import type { Lesson } from '@schemas/courses'
import type { NetworkAccount } from '@schemas/earnings'
import type { Profile } from '@schemas/members'
import type { NicheItem } from '@schemas/niche-items'
import type { Note } from '@schemas/notes'

const base64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A JWT-shaped token; the client only reads its payload, the signature is never checked here. */
export function makeToken(payload: Record<string, unknown>) {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify(payload),
  )}.signature`
}

/** A token valid for another hour. */
export const freshToken = (sub = 'member-1') =>
  makeToken({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'member-1',
    email: 'member@example.com',
    role: 'member',
    firstName: 'Mia',
    lastName: 'Member',
    phone: '',
    address: '',
    username: 'mia',
    note: '',
    photoUrl: null,
    areas: [],
    twoFactorEnabled: false,
    timeZone: 'Europe/Berlin',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  }
}

export function makeCurrent(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    role: 'member',
    id: 'member-1',
    email: 'member@example.com',
    twoFactorEnabled: false,
    ...overrides,
  }
}

/** Puts a signed-in session in localStorage the way a sign-in leaves it. */
export function storeSession({
  token = freshToken(),
  email = 'member@example.com',
  role = 'member',
}: { token?: string; email?: string; role?: string } = {}) {
  localStorage.setItem('authToken', token)
  localStorage.setItem('tokenExpiry', String(Date.now() + 3 * 24 * 3600 * 1000))
  localStorage.setItem('role', role)
  localStorage.setItem('email', JSON.stringify({ email }))
}

/** A connected network account as the API shows it: the key only as its hint. */
export function makeAccount(overrides: Partial<NetworkAccount> = {}): NetworkAccount {
  return {
    network: 'clickbank',
    affiliateId: 'mayacb',
    hasApiKey: true,
    apiKeyHint: '••••••••3f9a',
    lastSyncAt: '2026-03-01T09:30:00.000Z',
    lastError: null,
    transactions: 0,
    sync: { running: false, step: '', progress: 0, imported: 0, startedAt: null },
    ...overrides,
  }
}

let noteCounter = 0
/** A note as the API lists it; each made gets the next id. */
export function makeNote(overrides: Partial<Note> = {}): Note {
  noteCounter += 1
  return {
    id: `00000000-0000-4000-8000-${String(noteCounter).padStart(12, '0')}`,
    title: `Note ${noteCounter}`,
    body: '',
    color: 'yellow',
    pinned: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** A lesson as GET /api/lesson answers it: module 1's second lesson, three headings, not started. */
export const makeLesson = (overrides: Partial<Lesson> = {}): Lesson => ({
  path: '/admin/training/module1/lesson2',
  kind: 'lesson',
  title: 'Choosing your niche',
  summary: 'How to pick a niche.',
  readingMinutes: 5,
  html: '<p>Intro text.</p><h2 id="audience">Audience</h2><p>Who buys.</p><h2 id="pain">Pain</h2><p>What hurts.</p><h2 id="offers">Offers</h2><p>See <a href="/admin/dgtraining">the overview</a>.</p>',
  headings: [
    { id: 'audience', text: 'Audience' },
    { id: 'pain', text: 'Pain' },
    { id: 'offers', text: 'Offers' },
  ],
  video: null,
  course: { key: 'training', title: 'Digital-marketing training', overview: '/admin/dgtraining' },
  module: { number: 1, title: 'Foundations' },
  previous: { path: '/admin/training/module1/lesson1', title: 'How it works', locked: false },
  next: { path: '/admin/training/module2/lesson1', title: 'Finding offers', locked: false },
  progress: {
    openedAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    position: 0,
    videoSeconds: null,
  },
  offer: null,
  editedAt: null,
  ...overrides,
})

export const SHEET_MEMBER = '11111111-1111-4111-8111-111111111111'
let sheetRows = 0

/** A row of the health sheet of SHEET_MEMBER; each new one gets the next id, hook and position. */
export function makeNicheItem(overrides: Partial<NicheItem> = {}): NicheItem {
  sheetRows += 1
  return {
    id: `00000000-0000-4000-8000-${String(sheetRows).padStart(12, '0')}`,
    memberId: SHEET_MEMBER,
    niche: 'health',
    customNicheId: null,
    phone: false,
    subNiche: 'Home workouts',
    audience: 'Busy parents',
    pain: '',
    offerCategory: '',
    hook: `Hook ${sheetRows}`,
    postFormat: 'reel',
    postIdea: '',
    cta: '',
    hashtags: '',
    status: 'idea',
    link: '',
    note: '',
    position: sheetRows,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** The community's members in the client tests. */
export const COMMUNITY_AUTHORS = {
  maya: { id: 'member-1', name: 'Maya Member', handle: 'mayam', role: 'member', level: 3 },
  milo: { id: 'member-2', name: 'Milo Second', handle: 'milos', role: 'member', level: 1 },
  ada: { id: 'admin-1', name: 'Ada Admin', handle: 'adaa', role: 'admin', level: 5 },
} as const satisfies Record<string, Author>

let communityIds = 0
/** A new id in the uuid form the contract checks. */
export const communityId = () =>
  `00000000-0000-4000-8000-${String(++communityIds).padStart(12, '0')}`

/** A feed post by Milo, as the API shows it to Maya: read, not hers. */
export function makeCommunityPost(overrides: Partial<Post> = {}): Post {
  return {
    id: communityId(),
    author: COMMUNITY_AUTHORS.milo,
    body: 'Text',
    html: '<p>Text</p>\n',
    createdAt: '2026-11-20T12:00:00.000Z',
    editedAt: null,
    reactions: [],
    hidden: false,
    editableUntil: null,
    canDelete: false,
    category: 'wins',
    lesson: null,
    title: 'A post',
    excerpt: 'Text',
    lastActivityAt: '2026-11-20T12:00:00.000Z',
    replyCount: 0,
    pinned: false,
    locked: false,
    answerId: null,
    unread: false,
    following: false,
    ...overrides,
  }
}

/** Milo's reply to `post`. */
export function makeCommunityReply(post: Post, overrides: Partial<Reply> = {}): Reply {
  return {
    id: communityId(),
    postId: post.id,
    parentId: null,
    author: COMMUNITY_AUTHORS.milo,
    body: 'A reply',
    html: '<p>A reply</p>\n',
    createdAt: '2026-11-20T12:01:00.000Z',
    editedAt: null,
    reactions: [],
    hidden: false,
    editableUntil: null,
    canDelete: false,
    isAnswer: false,
    deleted: false,
    ...overrides,
  }
}
