import { MAX_PAGE_SIZE } from '@schemas/contract'
import type { Lead, LEAD_SORT_COLUMNS } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { toCsv } from '@/lib/csv'

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

export const leadsToCsv = (leads: Lead[]) =>
  toCsv([COLUMNS.map((c) => c.header), ...leads.map((lead) => COLUMNS.map((c) => c.value(lead)))])

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
