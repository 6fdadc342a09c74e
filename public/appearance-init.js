// Applies the saved appearance (src/stores/appearance.ts, same storage key) to <html> before the
// first paint, so a dark or right-to-left page never flashes light or left-to-right while the
// app loads. A classic script: the page's CSP allows no inline scripts.
;(function () {
  var themes = [
    'BLUE_THEME',
    'AQUA_THEME',
    'PURPLE_THEME',
    'GREEN_THEME',
    'CYAN_THEME',
    'ORANGE_THEME',
  ]
  var s = {}
  try {
    var raw = window.localStorage.getItem('appearance')
    var parsed = raw ? JSON.parse(raw) : null
    if (parsed && typeof parsed.state === 'object' && parsed.state) s = parsed.state
  } catch {
    // Storage blocked or unreadable: the defaults below apply.
  }
  var root = document.documentElement
  var mode = s.activeMode === 'dark' ? 'dark' : 'light'
  var radius = typeof s.borderRadius === 'number' && isFinite(s.borderRadius) ? s.borderRadius : 7
  root.dir = s.activeDir === 'rtl' ? 'rtl' : 'ltr'
  root.classList.remove(mode === 'dark' ? 'light' : 'dark')
  root.classList.add(mode)
  root.style.colorScheme = mode
  root.setAttribute('data-theme', themes.indexOf(s.activeTheme) >= 0 ? s.activeTheme : themes[0])
  root.style.setProperty('--app-radius', Math.min(24, Math.max(0, Math.round(radius))) + 'px')
  // A prerendered page is English, drawn either for a visitor or for a session, and a member's
  // page with the sidebar open (index.html's styles match it to `data-session` and
  // `data-collapsed`): where the app would draw something else, the loading screen shows instead.
  try {
    var language = typeof s.isLanguage === 'string' ? s.isLanguage : 'en'
    if (language !== 'en') root.setAttribute('data-boot', '')
    if (s.isCollapse === true) root.setAttribute('data-collapsed', '')
    if (window.localStorage.getItem('authToken')) root.setAttribute('data-session', '')
  } catch {
    root.setAttribute('data-boot', '')
  }
})()
