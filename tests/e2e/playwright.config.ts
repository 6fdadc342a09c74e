import { defineConfig, devices } from '@playwright/test'

import { chromiumLaunch } from '../chromium'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A limit tells a hung test from a busy machine; a passing test is not slowed by it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../../test-results',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    // The service worker is tested in offline.spec.ts, which allows it; elsewhere it would
    // answer requests the tests route themselves (page.route does not see those).
    serviceWorkers: 'block',
  },
})
