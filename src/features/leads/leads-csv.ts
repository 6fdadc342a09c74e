import type { LEAD_SORT_COLUMNS, Lead } from '../../../api-schemas/leads'
import { MAX_PAGE_SIZE } from '../../../api-schemas/members'
import { leadsApi } from '../../api/leads'

type LeadSortColumn = (typeof LEAD_SORT_COLUMNS)[number]

const COLUMNS: { header: string; value: (lead: Lead) => string }[] = [
  { header: 'Name', value: (l) => l.name },
  { header: 'E-mail', value: (l) => l.email },
  { header: 'Phone', value: (l) => l.phone },
  { header: 'Source', value: (l) => l.source },
  { header: 'Consent', value: (l) => (l.consent ? 'yes' : 'no') },
  { header: 'Notes', value: (l) => l.notes },
  { header: 'Added', value: (l) => l.createdAt },
]

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A value starting like a formula gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it (a lead's name comes from a public form).
 */
export function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function leadsToCsv(leads: Lead[]) {
  const lines = [COLUMNS.map((c) => csvField(c.header)).join(',')]
  for (const lead of leads) lines.push(COLUMNS.map((c) => csvField(c.value(lead))).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** Every lead of the current search, all pages, fetched 100 at a time. */
export async function fetchAllLeads(query: {
  email: string
  search?: string
  sort: LeadSortColumn
  order: 'asc' | 'desc'
}) {
  const all: Lead[] = []
  for (let page = 1; ; page += 1) {
    const { data } = await leadsApi.list.call({
      query: { ...query, page, pageSize: MAX_PAGE_SIZE },
    })
    all.push(...data.items)
    if (data.items.length === 0 || all.length >= data.total) return all
  }
}

/** Hands the text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
