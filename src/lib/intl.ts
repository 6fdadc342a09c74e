/**
 * An Intl formatter made when it is first used, not when its module is evaluated: making one
 * loads its locale's data, tens of milliseconds on a phone, which start-up would otherwise spend
 * for every screen's module whether or not anything on screen is formatted yet.
 */
export function onFirstUse<T extends object>(make: () => T): T {
  let made: T | undefined
  return new Proxy({} as T, {
    get(_, key) {
      made ??= make()
      const value: unknown = Reflect.get(made, key, made)
      return typeof value === 'function' ? value.bind(made) : value
    },
  })
}

/** A date and time format, made when it is first used (see onFirstUse). */
export const lazyDateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat(locale, options))
