/** Layout constants of spec point 9. */
export const SIDEBAR_WIDTH = 280
export const MINI_SIDEBAR_WIDTH = 100
export const TOPBAR_HEIGHT = 70
/** Below this width the sidebar is a drawer (the theme's `lg` breakpoint). */
export const LG_BREAKPOINT = 1200
/** From this width the sheets are tables, below it cards (the theme's `md` breakpoint). */
export const MD_BREAKPOINT = 768
