import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CalendarFeed } from '@schemas/calendar-feed'
import type { CalendarEvent } from '@schemas/events'

import { bearer, createTestApp, json, type TestApp } from './helpers'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  // Events are kept from 90 days back: the clock stands before every event below.
  t.clock.now = Date.parse('2026-11-29T12:00:00Z')
  const m = await t.createMember()
  token = await t.login(m.email, m.password)
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

async function addEvent(body: object) {
  const res = await call('POST', '/api/event', body)
  expect(res.statusCode, res.body).toBe(201)
  return json<{ data: CalendarEvent }>(res).data
}

async function startFeed(timeZone = 'Europe/Berlin') {
  const res = await call('POST', '/api/calendar/feed', { timeZone })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: CalendarFeed }>(res).data.url!
}

/** The feed as a calendar app reads it: parsed by an iCalendar parser, events by UID. */
async function read(url: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(res.body))
  return new Map(
    calendar.getAllSubcomponents('vevent').map((c) => {
      const event = new ICAL.Event(c)
      return [event.uid, event] as const
    }),
  )
}

describe('the calendar feed', () => {
  it('gives the own events at a private address, days where the member lives, times exact', async () => {
    expect(json<{ data: CalendarFeed }>(await call('GET', '/api/calendar/feed')).data.url).toBe(
      null,
    )
    const webinar = await addEvent({
      title: 'Webinar: bridge pages, Q&A; bring questions',
      description: 'Line one\nLine two',
      location: 'Online',
      start: '2026-12-03T17:00:00.000Z',
      end: '2026-12-03T18:30:00.000Z',
    })
    // All day on 5 December in Berlin: the browser sent its midnights.
    const launch = await addEvent({
      title: 'Launch day',
      start: '2026-12-04T23:00:00.000Z',
      end: '2026-12-05T23:00:00.000Z',
      allDay: true,
    })
    // Across the change to summer time (28 March 2027 in Berlin): 27 and 28 March.
    const sprint = await addEvent({
      title: 'Content sprint',
      start: '2027-03-26T23:00:00.000Z',
      end: '2027-03-28T22:00:00.000Z',
      allDay: true,
    })
    const url = await startFeed()
    expect(url).toMatch(/^http:\/\/members\.test\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    expect(json<{ data: CalendarFeed }>(await call('GET', '/api/calendar/feed')).data.url).toBe(url)

    const events = await read(url)
    expect(events.size).toBe(3)
    const timed = events.get(webinar.id)!
    expect(timed.summary).toBe('Webinar: bridge pages, Q&A; bring questions')
    expect(timed.description).toBe('Line one\nLine two')
    expect(timed.location).toBe('Online')
    expect(timed.startDate.isDate).toBe(false)
    expect(timed.startDate.toJSDate().toISOString()).toBe('2026-12-03T17:00:00.000Z')
    expect(timed.endDate.toJSDate().toISOString()).toBe('2026-12-03T18:30:00.000Z')

    const day = events.get(launch.id)!
    expect(day.startDate.isDate).toBe(true)
    expect(day.startDate.toString()).toBe('2026-12-05')
    expect(day.endDate.toString()).toBe('2026-12-06')
    const days = events.get(sprint.id)!
    expect([days.startDate.toString(), days.endDate.toString()]).toEqual([
      '2027-03-27',
      '2027-03-29',
    ])
  })

  it('keeps an edited event as the same UID, drops a deleted one, and ends an address replaced or turned off', async () => {
    const event = await addEvent({
      title: 'Email list review',
      start: '2026-12-10T09:00:00.000Z',
      end: '2026-12-10T10:00:00.000Z',
    })
    const other = await addEvent({
      title: 'Old idea',
      start: '2026-12-11T09:00:00.000Z',
      end: '2026-12-11T10:00:00.000Z',
    })
    const url = await startFeed('America/New_York')
    const edited = await call('PUT', `/api/event/${event.id}`, {
      title: 'Email list review (moved)',
      start: '2026-12-10T15:00:00.000Z',
      end: '2026-12-10T16:00:00.000Z',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await call('DELETE', `/api/event/${other.id}`)).statusCode).toBe(200)
    const events = await read(url)
    expect(events.get(event.id)!.summary).toBe('Email list review (moved)')
    expect(events.get(event.id)!.startDate.toJSDate().toISOString()).toBe(
      '2026-12-10T15:00:00.000Z',
    )
    expect(events.has(other.id)).toBe(false)

    const renewed = await startFeed()
    expect(renewed).not.toBe(url)
    const gone = await t.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(gone.statusCode).toBe(404)
    expect((await read(renewed)).has(event.id)).toBe(true)

    const stopped = await call('DELETE', '/api/calendar/feed')
    expect(json<{ data: CalendarFeed }>(stopped).data.url).toBe(null)
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed).pathname })).statusCode).toBe(
      404,
    )
  })

  it('refuses a time zone that is none and an address that cannot be one', async () => {
    const res = await call('POST', '/api/calendar/feed', { timeZone: 'Mars/Olympus' })
    expect(res.statusCode).toBe(400)
    expect(json<{ message: string }>(res).message).toMatch(/time zone/)
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/short.ics' })).statusCode).toBe(
      400,
    )
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(32)}.ics` }))
        .statusCode,
    ).toBe(404)
  })
})
