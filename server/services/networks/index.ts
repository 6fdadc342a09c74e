import type { Network } from '@schemas/earnings'

import type { Config } from '../../config'
import { clickbankConnector } from './clickbank'
import { digistore24Connector } from './digistore24'
import type { Connector, ConnectorOptions } from './types'

export { NetworkError } from './types'
export type {
  Connector,
  ConnectorOptions,
  Credentials,
  DateRange,
  ImportedHops,
  ImportedTransaction,
  Page,
} from './types'
export { CsvFormatError, parseNetworkCsv } from './csv'

/** 1 s, 2 s, 4 s, … at most 8 s. */
export function defaultBackoff(attempt: number) {
  return Math.min(1000 * 2 ** (attempt - 1), 8000)
}

/** ClickBank allows about 10 requests a second; Digistore24 asks for moderation. */
const MIN_INTERVAL_MS: Record<Network, number> = { clickbank: 120, digistore24: 250 }

export function connectorOptions(
  network: Network,
  config: Pick<Config, 'clickbankApiUrl' | 'digistore24ApiUrl'>,
  overrides: Partial<ConnectorOptions> = {},
): ConnectorOptions {
  return {
    baseUrl: network === 'clickbank' ? config.clickbankApiUrl : config.digistore24ApiUrl,
    timeoutMs: 15_000,
    retries: 3,
    backoffMs: defaultBackoff,
    minIntervalMs: MIN_INTERVAL_MS[network],
    ...overrides,
  }
}

const shared = new WeakMap<object, Map<Network, Connector>>()

/**
 * The connector of a network. Without overrides one connector per network and configuration is
 * shared, so every import of the server goes through the same throttle.
 */
export function connectorFor(
  network: Network,
  config: Pick<Config, 'clickbankApiUrl' | 'digistore24ApiUrl'>,
  overrides?: Partial<ConnectorOptions>,
): Connector {
  const create = () => {
    const options = connectorOptions(network, config, overrides)
    return network === 'clickbank' ? clickbankConnector(options) : digistore24Connector(options)
  }
  if (overrides && Object.keys(overrides).length > 0) return create()
  let byNetwork = shared.get(config)
  if (!byNetwork) shared.set(config, (byNetwork = new Map()))
  let connector = byNetwork.get(network)
  if (!connector) byNetwork.set(network, (connector = create()))
  return connector
}
