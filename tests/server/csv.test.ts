import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CsvFormatError, parseAmount, parseNetworkCsv } from '../../server/services/networks/csv'

const fixture = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../fixtures/earnings', name), 'utf8')

const kinds = (rows: { kind: string }[]) =>
  rows.reduce<Record<string, number>>(
    (counts, r) => ({ ...counts, [r.kind]: (counts[r.kind] ?? 0) + 1 }),
    {},
  )

describe('ClickBank export', () => {
  it('parses the sample export fully', () => {
    const { rows, rejections } = parseNetworkCsv('clickbank', fixture('clickbank-export.csv'))
    expect(rejections).toEqual([])
    expect(rows).toHaveLength(32)
    expect(rows.map((r) => r.line)).toEqual(Array.from({ length: 32 }, (_, i) => i + 2))
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(32)
    expect(kinds(rows)).toEqual({ sale: 29, refund: 2, chargeback: 1 })
    expect(new Set(rows.map((r) => r.product))).toEqual(
      new Set([
        'Keto Blueprint',
        'Keto Blueprint Recipes',
        'Manifestation Magic',
        'Woodworking Plans 16k',
        'Tube Mastery',
      ]),
    )
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['USD']))
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThan(5)
    expect(rows[0]).toEqual({
      externalId: 'CB731237X:SALE',
      kind: 'sale',
      occurredAt: new Date('2026-10-02T19:41:03Z'),
      product: 'Woodworking Plans 16k',
      country: 'US',
      amount: '32.89',
      currency: 'USD',
      vendor: 'tedsplans',
      line: 2,
    })
    // Two line items of one cart order, and two rebills of one subscription.
    expect(rows.map((r) => r.externalId).filter((id) => /^CB7399Q1|^CB7421R9/.test(id))).toEqual([
      'CB7399Q1:SALE:KB1',
      'CB7399Q1:SALE:KB2',
      'CB7421R9:BILL:2026-11-03',
      'CB7421R9:BILL:2026-11-17',
    ])
    const refund = rows.find((r) => r.kind === 'refund')!
    expect(refund.amount).toMatch(/^\d+\.\d{2}$/)
  })

  it('rejects bad rows with their reasons and keeps the others', () => {
    const text = [
      'Transaction Date,Receipt,Transaction Type,Product Title,Customer Country,Amount,Currency',
      '2026-10-05T10:00:00-07:00,R1,SALE,Keto Blueprint,US,27.43,USD',
      '2026-10-05T10:00:00-07:00,R2,SALE,Keto Blueprint,US,abc,USD',
      'yesterday,R3,SALE,Keto Blueprint,US,27.43,USD',
      '2026-10-05T10:00:00-07:00,R4,FEE,Keto Blueprint,US,1.00,USD',
      '2026-10-05T10:00:00-07:00,,SALE,Keto Blueprint,US,27.43,USD',
      '2026-10-05T10:00:00-07:00,R6,SALE,Keto Blueprint,US,,USD',
      '2026-10-05T10:00:00-07:00,R7,SALE,Keto Blueprint,US,27.43,dollars',
      '2026-13-45,R8,SALE,Keto Blueprint,US,27.43,USD',
      '2026-10-06T10:00:00-07:00,R9,Refund,Keto Blueprint,Germany,-27.43,USD',
    ].join('\n')
    const { rows, rejections } = parseNetworkCsv('clickbank', text)
    expect(rows.map((r) => [r.line, r.externalId, r.kind, r.amount, r.country])).toEqual([
      [2, 'R1:SALE', 'sale', '27.43', 'US'],
      [10, 'R9:RFND', 'refund', '27.43', 'DE'],
    ])
    expect(rejections).toEqual([
      { line: 3, reason: 'line 3: amount "abc" is not a number' },
      { line: 4, reason: 'line 4: date "yesterday" is not a date' },
      { line: 5, reason: 'line 5: transaction type "FEE" is not a sale, refund or chargeback' },
      { line: 6, reason: 'line 6: receipt is missing' },
      { line: 7, reason: 'line 7: amount is missing' },
      { line: 8, reason: 'line 8: currency "dollars" is not a currency code' },
      { line: 9, reason: 'line 9: date "2026-13-45" is not a date' },
    ])
  })

  it('reads semicolons, decimal commas, US dates, currency signs and loose headers', () => {
    const text = [
      'ClickBank transactions report',
      'Generated 2026-11-22',
      '',
      'TRANSACTION_DATE;receipt no.;Txn Type;PRODUCT TITLE;Country;Your Earnings',
      '10/05/2026 2:22 PM;R1;Sale;Keto Blueprint;gb;27,43',
      '11/03/2026 9:05 am;R2;Rebill;Tube Mastery;US;"1.148,50 $"',
      '"10/07/2026";R3;Chargeback;Manifestation Magic;;(41,22)',
    ].join('\r\n')
    const { rows, rejections } = parseNetworkCsv('clickbank', text)
    expect(rejections).toEqual([])
    expect(rows).toEqual([
      {
        externalId: 'R1:SALE',
        kind: 'sale',
        occurredAt: new Date('2026-10-05T21:22:00Z'),
        product: 'Keto Blueprint',
        country: 'GB',
        amount: '27.43',
        currency: 'USD',
        line: 5,
      },
      {
        externalId: 'R2:BILL:2026-11-03',
        kind: 'sale',
        occurredAt: new Date('2026-11-03T17:05:00Z'),
        product: 'Tube Mastery',
        country: 'US',
        amount: '1148.50',
        currency: 'USD',
        line: 6,
      },
      {
        externalId: 'R3:CGBK',
        kind: 'chargeback',
        occurredAt: new Date('2026-10-07T07:00:00Z'),
        product: 'Manifestation Magic',
        country: 'ZZ',
        amount: '41.22',
        currency: 'USD',
        line: 7,
      },
    ])
  })

  it('uses the vendor when the export has no product column', () => {
    const text =
      'Date,Receipt,Type,Vendor,Amount\n2026-10-05 10:00:00,R1,SALE,ketoblue,"$1,027.43"\n'
    const { rows } = parseNetworkCsv('clickbank', text)
    expect(rows.map((r) => [r.product, r.amount, r.occurredAt.toISOString()])).toEqual([
      ['ketoblue', '1027.43', '2026-10-05T17:00:00.000Z'],
    ])
  })

  it('names the missing columns', () => {
    const text = 'Date,Vendor Name,Total\n2026-10-05,ketoblue,27.43\n'
    expect(() => parseNetworkCsv('clickbank', text)).toThrow(CsvFormatError)
    expect(() => parseNetworkCsv('clickbank', text)).toThrow(
      'This does not look like a ClickBank export: no column for "receipt", "transaction type", "amount", "product title"',
    )
    expect(() => parseNetworkCsv('clickbank', '\uFEFF  \n')).toThrow('The ClickBank file is empty')
  })
})

describe('Digistore24 export', () => {
  it('parses the sample export fully (BOM, semicolons, decimal commas, German dates)', () => {
    const { rows, rejections } = parseNetworkCsv('digistore24', fixture('digistore24-export.csv'))
    expect(rejections).toEqual([])
    expect(rows).toHaveLength(26)
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(26)
    expect(kinds(rows)).toEqual({ sale: 23, refund: 2, chargeback: 1 })
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['EUR', 'USD']))
    expect(new Set(rows.map((r) => r.product))).toEqual(
      new Set(['Affiliate Kickstart', 'Fitness Reset 30', 'Passive Profit Course']),
    )
    expect(rows[0]).toEqual({
      externalId: '48213013',
      kind: 'sale',
      // 00:29:22 in Berlin summer time.
      occurredAt: new Date('2026-09-30T22:29:22Z'),
      product: 'Passive Profit Course',
      country: 'NL',
      amount: '48.50',
      currency: 'USD',
      line: 2,
    })
    const chargeback = rows.find((r) => r.kind === 'chargeback')!
    expect(chargeback.amount).toBe('48.50')
  })

  it('reads German headers and types, tabs and quoted fields over several lines', () => {
    const text = [
      'Transaktions-ID\tDatum\tArt\tProdukt\tLand\tWährung\tIhre Provision',
      '901\t2026-11-02 10:00:00\tZahlung\t"Fitness\nReset 30"\tDeutschland\tEUR\t9,95',
      '902\t02.11.2026\tRückerstattung\tFitness Reset 30\tAT\t€\t-9,95',
      '903\t2026-11-02T10:00:00+01:00\tpayout\tAuszahlung\tDE\tEUR\t-100,00',
    ].join('\n')
    const { rows, rejections } = parseNetworkCsv('digistore24', text)
    expect(
      rows.map((r) => [r.line, r.externalId, r.kind, r.product, r.country, r.currency, r.amount]),
    ).toEqual([
      [2, '901', 'sale', 'Fitness\nReset 30', 'DE', 'EUR', '9.95'],
      [4, '902', 'refund', 'Fitness Reset 30', 'AT', 'EUR', '9.95'],
    ])
    expect(rows.map((r) => r.occurredAt.toISOString())).toEqual([
      '2026-11-02T09:00:00.000Z',
      '2026-11-01T23:00:00.000Z',
    ])
    expect(rejections).toEqual([
      { line: 5, reason: 'line 5: transaction type "payout" is not a sale, refund or chargeback' },
    ])
  })

  it('reports a broken quote at its line and keeps the rows before it', () => {
    const text = [
      'Transaction ID,Date,Type,Product,Amount',
      '1,2026-10-05 10:00:00,payment,Affiliate Kickstart,23.50',
      '2,2026-10-05 11:00:00,payment,"Affiliate Kickstart,23.50',
      '3,2026-10-05 12:00:00,payment,Affiliate Kickstart,23.50',
    ].join('\n')
    const { rows, rejections } = parseNetworkCsv('digistore24', text)
    expect(rows.map((r) => r.externalId)).toEqual(['1'])
    expect(rejections).toHaveLength(1)
    expect(rejections[0]!.reason).toMatch(/^line \d+: a quoted field is never closed/)
  })

  it('names the missing columns', () => {
    const text = 'Date;Product;Gross Amount\n2026-10-05;Affiliate Kickstart;47,00\n'
    expect(() => parseNetworkCsv('digistore24', text)).toThrow(
      'This does not look like a Digistore24 export: no column for "transaction id", "type", "amount"',
    )
  })
})

describe('amounts', () => {
  it.each([
    ['27.43', ',', '27.43'],
    ['27,43', ';', '27.43'],
    ['1,234.56', ',', '1234.56'],
    ['1.234,56', ';', '1234.56'],
    ['1,234', ',', '1234.00'],
    ['1,234', ';', '1.23'],
    ['1.234', ';', '1234.00'],
    ['-12,50 €', ';', '12.50'],
    ['($27.43)', ',', '27.43'],
    ['USD 97', ',', '97.00'],
    ['0.005', ',', '0.01'],
    ['12.344', ',', '12.34'],
    ['1 234,5', ';', '1234.50'],
  ])('%s with "%s" between fields is %s', (text, delimiter, expected) => {
    expect(parseAmount(text, delimiter)).toBe(expected)
  })

  it.each(['abc', '', '1.2.3', '12,34,5', '5-', '€'])('%s is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull()
  })
})
