import { startClickBankFake, type ClickBankOrder } from '../server/fakes/clickbank'
import { startDigistore24Fake, type Digistore24Transaction } from '../server/fakes/digistore24'

/** The keys the local networks accept, for connecting accounts in the browser tests. */
export const NETWORK_KEYS = {
  clickbank: 'API-E2E-CLICKBANK-0001',
  digistore24: '4711-e2e-digistore24-key',
}
/** The affiliate ids those keys belong to. */
export const NETWORK_IDS = { clickbank: 'milocb', digistore24: 'milo_ds24' }

const DAY = 24 * 60 * 60 * 1000
const pad = (n: number) => String(n).padStart(2, '0')
/** "YYYY-MM-DD HH:MM:SS" in UTC, a few hours before now minus `days`. */
const stamp = (days: number, hour: number) =>
  new Date(Date.now() - days * DAY - hour * 60 * 60 * 1000).toISOString().slice(0, 19)

/**
 * ClickBank and Digistore24 stand-ins on loopback, each holding two months of sales of one
 * affiliate, so the browser tests can connect an account, test its key and import it.
 */
export async function startNetworks() {
  const orders: ClickBankOrder[] = Array.from({ length: 120 }, (_, i) => ({
    transactionTime: `${stamp(i % 60, (i % 7) + 2)}-00:00`,
    receipt: `E2ECB${pad(i)}`,
    transactionType: i % 17 === 5 ? 'RFND' : 'SALE',
    totalOrderAmount: 47,
    totalAccountAmount: i % 17 === 5 ? -31.5 : 31.5,
    currency: 'USD',
    country: ['US', 'GB', 'CA', 'AU'][i % 4]!,
    vendor: 'slimfast',
    affiliate: NETWORK_IDS.clickbank,
    lineItemData: [
      {
        itemNo: '1',
        productTitle: 'Slim Fast Formula',
        accountAmount: i % 17 === 5 ? -31.5 : 31.5,
        customerAmount: 47,
      },
    ],
  }))
  const hops = Array.from({ length: 60 }, (_, i) => ({
    day: new Date(Date.now() - i * DAY).toISOString().slice(0, 10),
    vendor: 'slimfast',
    hops: 80 + (i % 9) * 7,
  }))
  const transactions: Digistore24Transaction[] = Array.from({ length: 90 }, (_, i) => ({
    id: String(70_000 + i),
    created_at: stamp(i % 60, (i % 5) + 3).replace('T', ' '),
    transaction_type: i % 23 === 4 ? 'refund' : 'payment',
    purchase_id: `E2EP${i}`,
    currency: i % 3 === 0 ? 'USD' : 'EUR',
    amount: i % 23 === 4 ? '-67.00' : '67.00',
    earned_amount: i % 23 === 4 ? '-33.50' : '33.50',
    product_id: '808',
    product_name: 'Funnel Masterclass',
    buyer_country: ['de', 'at', 'ch', 'nl', 'us'][i % 5]!,
  }))
  const clickbank = await startClickBankFake({
    apiKey: NETWORK_KEYS.clickbank,
    account: NETWORK_IDS.clickbank,
    orders,
    hops,
  })
  const digistore24 = await startDigistore24Fake({
    apiKey: NETWORK_KEYS.digistore24,
    timeZone: 0,
    transactions,
  })
  return {
    env: { CLICKBANK_API_URL: clickbank.url, DIGISTORE24_API_URL: digistore24.url },
    close: () => Promise.all([clickbank.close(), digistore24.close()]),
  }
}
