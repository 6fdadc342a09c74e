import type { AreaKey } from '@schemas/access'
import type { AppPath } from '@/lib/named-pages'
import { nameScreensWith } from '@/lib/screen-names'
import { storedRole } from '@/lib/session'

import { type IconName } from './icons'

export interface NavItem {
  label: string
  /** A route path of the app; typed against the route tree once it is registered. */
  path: AppPath
  icon: IconName
  /** Shown to administrators only (the server refuses the screen's calls to anyone else). */
  adminOnly?: boolean
  /** Screens under this path prefix belong to this entry too (a course's lessons). */
  section?: string
  /** The area a member needs to open it; the sidebar shows a lock without it. */
  area?: AreaKey
}

export interface NavGroup {
  label: string
  items: NavItem[]
}

/**
 * Sidebar entries, grouped by the content areas of the product (spec point 1): Home, Training,
 * Bonus, Upgrades, Niches, Content tools, AI tools, Earnings, Account. Only screens that exist are
 * listed; a group without entries is not shown, so an area appears as soon as its first screen
 * is added here.
 */
export const navGroups: NavGroup[] = [
  {
    label: 'Home',
    items: [
      { label: 'Dashboard', path: '/admin/dashboard', icon: 'dashboard' },
      { label: 'Community', path: '/admin/community', icon: 'message' },
      { label: 'Leaderboard', path: '/admin/leaderboard', icon: 'star' },
      { label: 'Notes', path: '/admin/notes', icon: 'note' },
      { label: 'Phone home', path: '/admin/mobilenav', icon: 'phone' },
    ],
  },
  {
    label: 'Training',
    items: [
      { label: 'Start here', path: '/admin/introglobal', icon: 'star' },
      {
        label: 'Digital-marketing training',
        path: '/admin/dgtraining',
        icon: 'book',
        section: '/admin/training/module',
        area: 'training',
      },
      {
        label: 'Digistore24 training',
        path: '/admin/digistore/training',
        icon: 'book',
        section: '/admin/digistore/',
        area: 'digistoreTraining',
      },
      { label: '10K days plan', path: '/admin/10kdays', icon: 'calendar' },
      { label: 'Ways to make money', path: '/admin/moneymaking', icon: 'content' },
    ],
  },
  {
    label: 'Bonus',
    items: [
      { label: 'Bonus courses', path: '/admin/bonus', icon: 'gift', area: 'bonus' },
      {
        label: '20 ways to promote',
        path: '/admin/bonus/20ways',
        icon: 'checklist',
        area: 'bonus',
      },
    ],
  },
  {
    label: 'Upgrades',
    items: [
      { label: 'Upgrade', path: '/admin/upgrade', icon: 'upgrade' },
      { label: 'Traffic accelerator', path: '/admin/upgrade/upsell1', icon: 'upgrade' },
      { label: 'Done-for-you campaigns', path: '/admin/upgrade/upsell2', icon: 'upgrade' },
      { label: 'Coaching', path: '/admin/upgrade/upsell3', icon: 'upgrade' },
      { label: 'Done-for-you videos', path: '/admin/upgrade/dfyvideo', icon: 'upgrade' },
    ],
  },
  {
    label: 'Niches',
    items: [
      // Each library links to the member's own sheet of its niche, and back.
      {
        label: 'Health',
        path: '/admin/niche/health',
        icon: 'sheet',
        area: 'niches',
        section: '/admin/healthniche',
      },
      {
        label: 'Wealth',
        path: '/admin/niche/wealth',
        icon: 'sheet',
        area: 'niches',
        section: '/admin/wealthniche',
      },
      {
        label: 'Relationship',
        path: '/admin/niche/relationship',
        icon: 'sheet',
        area: 'niches',
        section: '/admin/relationshipniche',
      },
      {
        label: 'Woodworking',
        path: '/admin/niche/woodworking',
        icon: 'sheet',
        area: 'niches',
        section: '/admin/craftniche',
      },
      {
        label: 'My niches',
        path: '/admin/customniches',
        icon: 'sheet',
        area: 'niches',
        section: '/admin/customniche',
      },
    ],
  },
  {
    label: 'Content tools',
    items: [
      { label: 'Content planner', path: '/admin/sheet/content', icon: 'content', area: 'content' },
      {
        label: 'Content checklist',
        path: '/admin/contentchecklist',
        icon: 'checklist',
        area: 'content',
      },
      { label: 'Calendar', path: '/admin/calendar', icon: 'calendar' },
      { label: 'Leads', path: '/admin/sheet/leads', icon: 'users', area: 'viralLeads' },
      { label: 'Opt-in link', path: '/admin/virallead', icon: 'link', area: 'viralLeads' },
      { label: 'Viral leads guide', path: '/admin/introvirallead', icon: 'users' },
      { label: 'Quick cash guide', path: '/admin/introquickcash', icon: 'star' },
      {
        label: 'Viral post ideas',
        path: '/admin/sheet/viral',
        icon: 'star',
        area: 'quickCash',
        section: '/admin/sheet/viralpage',
      },
      {
        label: 'Quick-start plans',
        path: '/admin/quickcash/viralspreadsheet',
        icon: 'checklist',
        area: 'quickCash',
        section: '/admin/mobquickcash',
      },
      {
        label: 'Posting queue',
        path: '/admin/quickcash/buffer',
        icon: 'calendar',
        area: 'quickCash',
      },
      { label: 'Instagram bio guide', path: '/admin/introinstabio', icon: 'user' },
      { label: 'Instagram bio', path: '/admin/instagram/bio', icon: 'user', area: 'instagram' },
    ],
  },
  {
    label: 'AI tools',
    items: [
      { label: 'Using AI well', path: '/admin/introai', icon: 'star' },
      {
        label: 'AI tools',
        path: '/admin/aitools',
        icon: 'edit',
        area: 'aiTools',
        section: '/admin/aiscript/',
      },
      { label: 'Free-form writer', path: '/admin/generator', icon: 'note', area: 'aiTools' },
      {
        label: 'Translator',
        path: '/admin/translator',
        icon: 'content',
        area: 'aiTools',
        section: '/admin/translatorpage',
      },
      { label: 'Course chatbot', path: '/admin/chatbot', icon: 'users', area: 'chatbot' },
    ],
  },
  {
    label: 'Earnings',
    items: [{ label: 'Affiliate accounts', path: '/admin/accountdetail', icon: 'link' }],
  },
  {
    label: 'Account',
    items: [
      { label: 'Profile', path: '/admin/updateprofile', icon: 'user' },
      { label: 'Contacts', path: '/admin/contacts', icon: 'star' },
      { label: 'Contact us', path: '/admin/contactus', icon: 'mail' },
      {
        label: 'Members and access',
        path: '/admin/updateaccess',
        icon: 'shield',
        adminOnly: true,
      },
      { label: 'Insights', path: '/admin/insights', icon: 'chart', adminOnly: true },
      { label: 'Sign out', path: '/admin/logout', icon: 'logout' },
    ],
  },
]

/** The groups with entries for this role; the stored role only hides links, it grants nothing. */
export const visibleNavGroups = (
  groups: NavGroup[] = navGroups,
  role: string | null = storedRole(),
) =>
  groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !item.adminOnly || role === 'admin'),
    }))
    .filter((group) => group.items.length > 0)

/**
 * The entry a path belongs to, for the sidebar's highlight and the top bar's title: the entry of
 * that very path, else the one with the longest path or section the path is under.
 */
export function findNavItem(pathname: string, groups: NavGroup[] = navGroups) {
  const clean = pathname.replace(/\/+$/, '')
  let best: NavItem | undefined
  let bestLength = 0
  for (const group of groups) {
    for (const item of group.items) {
      if (item.path === clean) return item
      for (const prefix of [`${item.path}/`, item.section]) {
        if (prefix && clean.startsWith(prefix) && prefix.length > bestLength) {
          best = item
          bestLength = prefix.length
        }
      }
    }
  }
  return best
}

// Messages about a screen name it as the navigation does (src/lib/screen-names.ts).
nameScreensWith((pathname) => findNavItem(pathname)?.label)
