import {
  CSV_REJECTIONS_LISTED,
  NETWORK_LABELS,
  type CsvImportResult,
  type Network,
  type NetworkAccount,
  type SyncStatus,
} from '@schemas/earnings'

import type { Db } from '../db/client'
import { badRequest, HttpError, notFound } from '../errors'
import {
  accountOf,
  countTransactions,
  createAccount,
  deleteAccount,
  insertTransactions,
  renameAccount,
  updateAccount,
  type AccountRow,
} from '../repos/accounts'
import { findAccount } from '../repos/earnings'
import { findMemberById } from '../repos/members'
import type { AuthedMember } from './auth'
import { runningNow, syncOf, type EarningsImports } from './earnings-imports'
import { keyHint, type KeyBox } from './key-box'
import { CsvFormatError, parseNetworkCsv } from './networks/csv'
import { NetworkError, type Connector } from './networks/types'

const ID_NAMES: Record<Network, string> = {
  clickbank: 'ClickBank nickname',
  digistore24: 'Digistore24 id',
}

export interface AccountsDeps {
  db: Db
  keyBox: KeyBox
  imports: EarningsImports
  connectorFor: (network: Network) => Connector
  now: () => number
}

/** Members' network accounts: connecting them, their encrypted keys, imports and CSV uploads. */
export class EarningsAccounts {
  constructor(private readonly deps: AccountsDeps) {}

  /** The member whose accounts a call is about: the caller's own, or anyone's for an administrator. */
  async owner(caller: AuthedMember, memberId: string | undefined) {
    const id = memberId ?? caller.id
    if (id !== caller.id && caller.role !== 'admin') throw notFound('Member not found')
    if (id !== caller.id && !(await findMemberById(this.deps.db, id))) {
      throw notFound('Member not found')
    }
    return id
  }

  async view(memberId: string, network: Network): Promise<NetworkAccount | null> {
    const row = await accountOf(this.deps.db, memberId, network)
    return row ? this.toView(row) : null
  }

  async viewOrFail(memberId: string, network: Network) {
    return this.toView(await this.existing(memberId, network))
  }

  async save(
    memberId: string,
    network: Network,
    affiliateId: string,
    apiKey: string | undefined,
  ): Promise<NetworkAccount> {
    const { db, keyBox } = this.deps
    const holder = await findAccount(db, network, affiliateId)
    if (holder && holder.memberId !== memberId) {
      throw new HttpError(409, `This ${ID_NAMES[network]} is connected to another member`)
    }
    let row = await accountOf(db, memberId, network)
    if (!row) row = await createAccount(db, { memberId, network, accountId: affiliateId })
    else if (row.accountId !== affiliateId) {
      if (runningNow(row, this.deps.now())) {
        throw new HttpError(409, 'An import is running for this account; change it when it ends')
      }
      row = await renameAccount(db, row.id, affiliateId)
    }
    if (apiKey !== undefined) {
      row = (await updateAccount(db, row.id, {
        apiKeyEncrypted: keyBox.seal(apiKey, row.id),
        lastError: null,
      }))!
    }
    // A new key or a new id: fetch its figures straight away.
    if (row.apiKeyEncrypted && (apiKey !== undefined || !row.lastSyncAt)) {
      row = await this.deps.imports.start(row)
    }
    return this.toView(row)
  }

  async test(memberId: string, network: Network) {
    const row = await this.existing(memberId, network)
    const credentials = { accountId: row.accountId, apiKey: this.apiKeyOf(row) }
    try {
      await this.deps.connectorFor(network).test(credentials)
    } catch (error) {
      throw new HttpError(
        502,
        error instanceof NetworkError ? error.message : `${NETWORK_LABELS[network]} did not answer`,
      )
    }
    return `${NETWORK_LABELS[network]} accepted the API key of ${row.accountId}`
  }

  async sync(memberId: string, network: Network) {
    const row = await this.existing(memberId, network)
    this.apiKeyOf(row) // a clear error now rather than a failed import later
    return this.toView(await this.deps.imports.start(row))
  }

  async importCsv(memberId: string, network: Network, text: string): Promise<CsvImportResult> {
    const row = await this.existing(memberId, network)
    let parsed: ReturnType<typeof parseNetworkCsv>
    try {
      parsed = parseNetworkCsv(network, text)
    } catch (error) {
      if (error instanceof CsvFormatError) throw badRequest(`file: ${error.message}`)
      throw error
    }
    const added = await insertTransactions(this.deps.db, row.id, parsed.rows)
    return {
      added,
      duplicates: parsed.rows.length - added,
      rejected: parsed.rejections.length,
      rejections: parsed.rejections.slice(0, CSV_REJECTIONS_LISTED),
    }
  }

  async disconnect(memberId: string, network: Network) {
    const row = await this.existing(memberId, network)
    if (runningNow(row, this.deps.now())) {
      throw new HttpError(409, 'An import is running for this account; disconnect it when it ends')
    }
    await deleteAccount(this.deps.db, row.id)
    return `${NETWORK_LABELS[network]} account ${row.accountId} disconnected`
  }

  private async existing(memberId: string, network: Network) {
    const row = await accountOf(this.deps.db, memberId, network)
    if (!row) throw notFound(`No ${NETWORK_LABELS[network]} account is connected`)
    return row
  }

  private apiKeyOf(row: AccountRow) {
    if (!row.apiKeyEncrypted) {
      throw badRequest(`Enter the ${NETWORK_LABELS[row.network]} API key first`)
    }
    try {
      return this.deps.keyBox.open(row.apiKeyEncrypted, row.id)
    } catch {
      throw badRequest('The stored API key cannot be read on this server; enter it again')
    }
  }

  private async toView(row: AccountRow): Promise<NetworkAccount> {
    let hint: string | null = null
    if (row.apiKeyEncrypted) {
      try {
        hint = keyHint(this.deps.keyBox.open(row.apiKeyEncrypted, row.id))
      } catch {
        hint = null
      }
    }
    const sync: SyncStatus = syncOf(row, this.deps.now())
    return {
      network: row.network,
      affiliateId: row.accountId,
      hasApiKey: row.apiKeyEncrypted !== null,
      apiKeyHint: hint,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      lastError: row.lastError,
      transactions: await countTransactions(this.deps.db, row.id),
      sync,
    }
  }
}
