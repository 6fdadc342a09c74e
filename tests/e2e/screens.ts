import type { APIRequestContext } from '@playwright/test'

import { DEMO } from './support'

/** Every screen, as a member or an administrator sees it, and the public ones. */
export const PUBLIC_SCREENS = [
  '/auth/login',
  '/auth/forgot-password',
  '/auth/maintenance',
  '/auth/404',
]
export const MEMBER_SCREENS = [
  '/admin/dashboard',
  '/admin/training/welcome',
  '/admin/dgtraining',
  '/admin/training/module1/lesson1',
  '/admin/training/module1/check',
  '/admin/bonus',
  '/admin/bonus/20ways',
  '/admin/digistore/training',
  '/admin/introai',
  '/admin/10kdays',
  '/admin/notes',
  '/admin/community',
  '/admin/leaderboard',
  '/admin/notifications',
  '/admin/calendar',
  '/admin/sheet/content',
  '/admin/contentchecklist',
  '/admin/sheet/leads',
  '/admin/virallead',
  '/admin/contacts',
  '/admin/accountdetail',
  '/admin/updateprofile',
  '/admin/contactus',
  '/admin/upgrade',
  '/admin/upgrade/upsell1',
  '/admin/niche/health',
  '/admin/healthniche',
  '/admin/customniches',
  '/admin/mobquickhealth',
  '/admin/mobilenav',
  '/admin/instagram/bio',
  '/admin/sheet/viral',
  '/admin/quickcash/viralspreadsheet',
  '/admin/quickcash/buffer',
  '/admin/aitools',
  '/admin/aiscript/tiktok',
  '/admin/translator',
  '/admin/chatbot',
]
export const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/updateaccess',
  '/admin/insights',
  '/admin/community/reports',
]

/** The four looks every screen is checked in. */
export const LOOKS = [
  { name: 'light', mode: 'light', dir: 'ltr', width: 1440 },
  { name: 'dark', mode: 'dark', dir: 'ltr', width: 1440 },
  { name: 'right to left', mode: 'light', dir: 'rtl', width: 1440 },
  { name: '375 px, dark', mode: 'dark', dir: 'ltr', width: 375 },
] as const

/** The member's detail screens, with ids of the member's own and a thread (the demo data has some). */
export async function memberDetailScreens(request: APIRequestContext, token: string) {
  const auth = { headers: { authorization: `Bearer ${token}` } }
  const content = (await (await request.get('/api/content', auth)).json()) as {
    data: { id: string }[]
  }
  const leads = (await (
    await request.get(`/api/leads?email=${encodeURIComponent(DEMO.member.email)}`, auth)
  ).json()) as { data: { items: { id: string }[] } }
  const posts = (await (await request.get('/api/community/posts', auth)).json()) as {
    data: { pinned: { id: string }[]; items: { id: string }[] }
  }
  return [
    `/admin/community/${posts.data.items[0]!.id}`,
    `/admin/contentdetail?id=${content.data[0]!.id}`,
    `/admin/sheet/contentpage?id=${content.data[0]!.id}`,
    `/admin/leaddetail?id=${leads.data.items[0]!.id}`,
  ]
}
