import { describe, expect, it } from 'vitest'

import { loadConfig } from '../../server/config'
import { connectorFor, defaultBackoff } from '../../server/services/networks/index'
import { startClickBankFake } from './fakes/clickbank'

describe('connectorFor', () => {
  it('uses the configured URLs and the default limits, shared per configuration', () => {
    const config = loadConfig({
      CLICKBANK_API_URL: 'http://127.0.0.1:1/cb',
      DIGISTORE24_API_URL: 'http://127.0.0.1:1/ds',
    })
    const clickbank = connectorFor('clickbank', config)
    expect(clickbank.network).toBe('clickbank')
    expect(connectorFor('clickbank', config)).toBe(clickbank)
    expect(connectorFor('digistore24', config).network).toBe('digistore24')
    expect(connectorFor('clickbank', config, { retries: 0 })).not.toBe(clickbank)
    expect([1, 2, 3, 4, 5].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 8000])
  })

  it('sends the calls to the configured base URL', async () => {
    const apiKey = 'API-CONFIGURED-KEY-123'
    const fake = await startClickBankFake({ apiKey, account: 'mayacb' })
    try {
      const config = loadConfig({ CLICKBANK_API_URL: `${fake.url}/` })
      await connectorFor('clickbank', config, { minIntervalMs: 0 }).test({
        accountId: 'mayacb',
        apiKey,
      })
      expect(fake.requests.map((r) => r.path)).toEqual(['/orders2/list'])
    } finally {
      await fake.close()
    }
  })
})
