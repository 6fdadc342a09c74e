/**
 * Debian's Chromium, as the browser tests and the benchmarks launch it: no browser download
 * works here, and without the background-networking flags Chromium keeps calling out to hosts
 * this machine cannot reach.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
