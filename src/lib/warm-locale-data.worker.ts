// Makes the formats a member's start-up makes (src/main.tsx), off the main thread. The browser's
// locale data, which the first of each loads, is kept for the whole page: once this has run,
// the main thread makes them in a fraction of the time (see warmLocaleData).
for (const locale of ['en', undefined]) {
  ;(0).toLocaleString(locale)
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(0)
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(0)
  new Intl.RelativeTimeFormat(locale).format(1, 'day')
}
new Intl.Locale('en-US').maximize()
postMessage('warm')
