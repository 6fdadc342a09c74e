import { describe, expect, it } from 'vitest'

import { componentLabels, englishLabels } from './locales'
import { labelsFor, translations } from './locales-data'
import { localeOptions } from './locales-list'

describe('component labels', () => {
  it('English has no overrides: en and enUS give the English labels, with no table', async () => {
    expect(translations.en).toBeUndefined()
    expect(translations.enUS).toBeUndefined()
    expect(await componentLabels('en')).toBe(englishLabels)
    expect(await componentLabels('enUS')).toBe(englishLabels)
    expect(englishLabels.pagination.rowsPerPage).toBe('Rows per page:')
    expect(englishLabels.pagination.displayedRows({ from: 1, to: 10, count: 42 })).toBe(
      '1–10 of 42',
    )
    expect(englishLabels.rating.starLabel(1)).toBe('1 Star')
    expect(englishLabels.rating.starLabel(3)).toBe('3 Stars')
  })

  it('translates German pagination, rating, autocomplete, breadcrumb and alert labels', async () => {
    const de = await componentLabels('deDE')
    expect(de.pagination.rowsPerPage).toBe('Zeilen pro Seite:')
    expect(de.pagination.displayedRows({ from: 11, to: 20, count: 95 })).toBe('11–20 von 95')
    expect(de.pagination.nextPage).toBe('Zur nächsten Seite')
    expect(de.rating.starLabel(1)).toBe('1 Stern')
    expect(de.rating.starLabel(4)).toBe('4 Sterne')
    expect(de.autocomplete.noOptions).toBe('Keine Optionen')
    expect(de.breadcrumb.showPath).toBe('Pfad anzeigen')
    expect(de.alert.close).toBe('Schließen')
  })

  it('uses each language’s plural rules for the star label', async () => {
    const ru = await componentLabels('ruRU')
    expect([1, 2, 5].map(ru.rating.starLabel)).toEqual(['1 звезда', '2 звезды', '5 звёзд'])
    const ja = await componentLabels('jaJP')
    expect(ja.rating.starLabel(3)).toBe('星3')
  })

  it('an unknown key falls back to English', async () => {
    expect(await componentLabels('xxXX')).toBe(englishLabels)
  })

  it('covers about 50 locales, including the ones the spec names, each fully translated', () => {
    const keys = Object.keys(translations)
    expect(keys.length).toBeGreaterThanOrEqual(48)
    for (const key of ['amET', 'arEG', 'arSA', 'arSD', 'zhCN', 'zhHK', 'zhTW', 'deDE', 'esES']) {
      expect(keys).toContain(key)
    }
    for (const key of ['frFR', 'jaJP', 'koKR', 'ruRU', 'ptBR', 'ptPT']) expect(keys).toContain(key)
    for (const [key, text] of Object.entries(translations)) {
      for (const [field, value] of Object.entries(text)) {
        if (typeof value === 'string') expect(value, `${key}.${field}`).not.toBe('')
      }
      const labels = labelsFor(key, englishLabels)
      // Spelled out in the locale's own words, not left in English.
      expect(labels.autocomplete.noOptions, key).not.toBe(englishLabels.autocomplete.noOptions)
      expect(labels.pagination.displayedRows({ from: 1, to: 5, count: 9 }), key).toMatch(/9/)
    }
  })

  it('offers exactly the translated keys plus English in the language list', () => {
    const offered = localeOptions.map((o) => o.key).filter((k) => k !== 'en')
    expect(offered.sort()).toEqual(Object.keys(translations).sort())
  })
})
