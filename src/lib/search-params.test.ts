import { describe, expect, it } from 'vitest'

import {
  listParams,
  optionalInteger,
  optionalOneOf,
  optionalPageSize,
  optionalText,
  optionalUuid,
} from './search-params'

describe('search parameter readers', () => {
  it('reads text up to its limit, numbers and booleans as their text', () => {
    expect(optionalText('hello', 5)).toBe('hello')
    expect(optionalText('hello!', 5)).toBeUndefined()
    expect(optionalText(2024)).toBe('2024')
    expect(optionalText(true)).toBe('true')
    expect(optionalText({ a: 1 })).toBeUndefined()
    expect(optionalText(undefined)).toBeUndefined()
  })

  it('reads only ids in uuid form', () => {
    expect(optionalUuid('0b8f3c1e-5d2a-4f6b-9c7d-1e2f3a4b5c6d')).toBe(
      '0b8f3c1e-5d2a-4f6b-9c7d-1e2f3a4b5c6d',
    )
    expect(optionalUuid('0B8F3C1E-5D2A-4F6B-9C7D-1E2F3A4B5C6D')).toBeDefined()
    expect(optionalUuid('0b8f3c1e-5d2a-4f6b-9c7d')).toBeUndefined()
    expect(optionalUuid("1' or '1'='1")).toBeUndefined()
    expect(optionalUuid(12)).toBeUndefined()
  })

  it('reads whole numbers in range, written as numbers or digits', () => {
    expect(optionalInteger(3, 1, 12)).toBe(3)
    expect(optionalInteger('12', 1, 12)).toBe(12)
    expect(optionalInteger(13, 1, 12)).toBeUndefined()
    expect(optionalInteger(0, 1)).toBeUndefined()
    expect(optionalInteger(2.5)).toBeUndefined()
    expect(optionalInteger('')).toBeUndefined()
    expect(optionalInteger('  ')).toBeUndefined()
    expect(optionalInteger('7x')).toBeUndefined()
    expect(optionalInteger(null)).toBeUndefined()
  })

  it('reads one of a list of words', () => {
    expect(optionalOneOf('asc', ['asc', 'desc'])).toBe('asc')
    expect(optionalOneOf('ASC', ['asc', 'desc'])).toBeUndefined()
    expect(optionalOneOf(1, ['asc', 'desc'])).toBeUndefined()
  })

  it("reads a list's page, page size and sort, leaving out what it cannot use", () => {
    expect(optionalPageSize('50')).toBe(50)
    expect(optionalPageSize(7)).toBeUndefined()
    expect(
      listParams({ page: '3', pageSize: 100, sort: 'name', order: 'desc' }, ['name', 'email']),
    ).toEqual({ page: 3, pageSize: 100, sort: 'name', order: 'desc' })
    expect(
      listParams({ page: 0, pageSize: 1000, sort: 'password', order: 'up' }, ['name']),
    ).toEqual({ page: undefined, pageSize: undefined, sort: undefined, order: undefined })
  })
})
