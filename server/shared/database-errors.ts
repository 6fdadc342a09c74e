/**
 * PostgreSQL's error code (SQLSTATE) of `error`, from either driver, or of what it wraps
 * (drizzle sets the cause).
 */
export function databaseCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** `error` and what it wraps, a few levels deep. */
export function* causes(error: unknown) {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e
    e = (e as { cause?: unknown }).cause
  }
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown) => databaseCode(error) === '23505'
