/**
 * The attribute of a prerendered page's one style element, in its head, which lists the names of
 * the styles it holds (build/vite-plugins/pages-ahead.ts writes it; adoptPrerenderedStyles in
 * ./emotion-cache.ts reads it).
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles'
