import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import type { Page } from 'playwright-core'

import { percentile } from './process'

/**
 * The phones a run stands for, by Lighthouse's benchmarkIndex (the host's speed at a fixed
 * piece of JavaScript): the CPU is slowed by the host's index ÷ the class's, as Chrome DevTools'
 * CPU calibration does, so that one command emulates the same phone on a fast host and a slow
 * one. `4x` is Lighthouse's plain mobile preset (4× whatever the host is), for comparison.
 */
export const DEVICES = {
  mid: { index: 1000, name: 'mid-tier phone (index 1,000, a Pixel 5)' },
  low: { index: 264, name: 'low-tier phone (index 264, a Moto G Power 2022)' },
  '4x': { index: undefined, name: 'the host 4× slower (Lighthouse’s mobile preset)' },
} as const
export type Device = keyof typeof DEVICES

export function deviceOf(value: string | undefined): Device {
  const device = value ?? 'mid'
  if (!(device in DEVICES)) throw new Error(`--device ${device}: mid, low or 4x`)
  return device as Device
}

/**
 * This host's benchmarkIndex as Lighthouse computes it (its own page function), in a blank page
 * of `browser` with nothing else running: the median of `times` measurements (a second each).
 */
export async function hostBenchmarkIndex(browser: { newPage(): Promise<Page> }, times = 3) {
  const page = await browser.newPage()
  try {
    const found: number[] = []
    for (let i = 0; i < times; i++) {
      found.push(
        (await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number,
      )
    }
    return percentile(found, 50)
  } finally {
    await page.close()
  }
}

/**
 * The CPU slowdown that makes this host (`hostIndex`) the device class: never below 1 (a host
 * slower than the class cannot be sped up, and is said to be), with a line that tells it.
 */
export function slowdownFor(device: Device, hostIndex: number) {
  const { index, name } = DEVICES[device]
  if (index === undefined) {
    return {
      multiplier: 4,
      line: `CPU 4× slower: ${name}; host benchmarkIndex ${Math.round(hostIndex)}`,
    }
  }
  const exact = hostIndex / index
  const multiplier = Math.max(1, Math.round(exact * 100) / 100)
  return {
    multiplier,
    line:
      `CPU ${multiplier}× slower: a ${name}; host benchmarkIndex ${Math.round(hostIndex)}` +
      (exact < 1 ? ` (slower than the class: measured unslowed, and still slower)` : ''),
  }
}

/**
 * The slowdown set again before each round of a run, from the host's speed measured then: a
 * shared machine's speed moves during a run. `multiplier` is the last round's; `chosen` all of
 * them, and `calibrate()` measures, sets and returns the line that tells it.
 */
export function roundSlowdown(browser: { newPage(): Promise<Page> }, device: Device) {
  const state = {
    multiplier: 1,
    chosen: [] as number[],
    async calibrate() {
      const slowdown = slowdownFor(device, await hostBenchmarkIndex(browser))
      state.multiplier = slowdown.multiplier
      state.chosen.push(slowdown.multiplier)
      return slowdown.line
    },
  }
  return state
}
