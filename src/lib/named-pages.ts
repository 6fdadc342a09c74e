import { redirect, type LinkProps } from '@tanstack/react-router'

import type { ScriptToolKey } from '@schemas/ai'
import type { Niche } from '@schemas/niches'

/**
 * Screens the spec names one by one that are drawn from a table, not from a route file each:
 * the phone screens, the own niche sheets, the Instagram bio builder and the AI tools. One route
 * (`/admin/$page`) serves them all, so the app's start carries one route for them instead of
 * nineteen.
 */
export const NAMED_PAGES = [
  'mobilenav',
  'mobquickhealth',
  'mobquickhealth2',
  'mobquickhealth3',
  'mobquickwealth',
  'mobquickwealth2',
  'mobquickwealth3',
  'mobrelationship',
  'mobrelationship2',
  'mobrelationship3',
  'mobcraft',
  'mobcraft2',
  'mobcraft3',
  'healthniche',
  'wealthniche',
  'relationshipniche',
  'craftniche',
  'instagrambio',
  'mobquickcash',
  'aitools',
  'generator',
  'translator',
  'translatorpage',
  'chatbot',
] as const
export type NamedPage = (typeof NAMED_PAGES)[number]

export const isNamedPage = (page: string): page is NamedPage =>
  (NAMED_PAGES as readonly string[]).includes(page)

/** The niches with a library sheet (the contract's NICHES, without loading the contract at start). */
const LIBRARIES = ['health', 'wealth', 'relationship', 'woodworking'] as const satisfies Niche[]

export const isLibraryNiche = (niche: string): niche is Niche =>
  (LIBRARIES as readonly string[]).includes(niche)

/** The script tools of `/admin/aiscript/$tool` (the contract's SCRIPT_TOOLS, without loading it at start). */
const SCRIPT_TOOLS = [
  'facebookcaption',
  'SEO',
  'customerAvatar',
  'description',
  'hasTag',
  'instagramReel',
  'tiktok',
  'twitterTweet',
  'vsl',
  'youtube',
  'tiktokads',
  'instacaption',
] as const satisfies ScriptToolKey[]

export const isScriptTool = (tool: string): tool is ScriptToolKey =>
  (SCRIPT_TOOLS as readonly string[]).includes(tool)

type To = NonNullable<LinkProps['to']>

/** A screen's path: a route's own, a named page's, or a niche library's. */
export type AppPath = To | `/admin/${NamedPage}` | `/admin/niche/${Niche}`

/**
 * What a link to `path` takes: a named page goes through the `$page` route and a niche's
 * library through `niche/$niche`, each with its parameter (the router fills it into the same
 * path).
 */
export function linkTo(path: AppPath): { to: To } {
  const [, admin, first, second] = path.split('/')
  if (admin === 'admin' && first && isNamedPage(first) && second === undefined) {
    return { to: '/admin/$page', params: { page: first } } as { to: To }
  }
  if (admin === 'admin' && first === 'niche' && isLibraryNiche(second ?? '')) {
    return { to: '/admin/niche/$niche', params: { niche: second } } as { to: To }
  }
  return { to: path as To }
}

/** A route's `beforeLoad` for its parameter `param`: a value `isKnown` refuses opens the 404 page. */
export const onlyKnown =
  <P extends string>(param: P, isKnown: (value: string) => boolean) =>
  ({ params }: { params: Record<P, string> }) => {
    if (!isKnown(params[param])) throw redirect({ to: '/auth/404', replace: true })
  }
