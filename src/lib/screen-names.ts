/**
 * The name a screen goes by in a message about it: the navigation's word for it. The navigation
 * (src/components/layout/nav-items.ts) gives its lookup here when it loads, so a message that
 * names a screen does not load the navigation with it: the route error screen is in every page's
 * first code, and names screens only in the members' area, where the navigation is loaded.
 */
let lookup: (pathname: string) => string | undefined = () => undefined

export function nameScreensWith(find: (pathname: string) => string | undefined) {
  lookup = find
}

/** The navigation's name for the screen at `pathname`, if it names it. */
export const screenNameOf = (pathname: string) => lookup(pathname)
