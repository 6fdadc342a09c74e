const ORIGIN = 'http://same.origin'

/**
 * The `redirect` search value as a same-origin path, or null. Anything that could leave the
 * site (`//host`, `/\host`, `https://…`, `javascript:`) is refused, before and after the path is
 * normalised (`/..//host` resolves to `//host`): what is returned starts with one `/` only.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null
  try {
    const url = new URL(value, ORIGIN)
    if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}
