import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'

import type { LibraryRow, Niche } from '@schemas/niches'
import { authApi } from '@/api/auth'
import { nicheLibraryApi, nicheSheetApis } from '@/api/niches'
import { useWide } from '@/components/layout/use-wide'
import { guardQuery } from '@/components/query-guard'
import { Screen } from '@/components/screen'
import { PanelSkeleton } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { linkTo } from '@/lib/named-pages'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { NICHE_PAGES } from './niche-pages'
import { LIBRARY_COLUMNS } from './sheet-columns'
import { SheetFilterBar } from './sheet-filter'
import { SheetGrid, type Cell } from './sheet-grid'
import { useColumnWidths, useSelection, useSheetView } from './sheet-view'

type Starter = LibraryRow & { id: string }

/** A niche's library: the starter rows, read-only, to filter and copy into the own sheet. */
export function LibrarySheetScreen({ niche }: { niche: Niche }) {
  const page = NICHE_PAGES[niche]
  return (
    <Screen
      title={`${page.name} library`}
      area="niches"
      actions={
        <Button asChild size="sm" variant="outline">
          <Link {...linkTo(page.own)}>Open my {page.name.toLowerCase()} sheet</Link>
        </Button>
      }
    >
      <Library key={niche} niche={niche} />
    </Screen>
  )
}

function Library({ niche }: { niche: Niche }) {
  const page = NICHE_PAGES[niche]
  const library = nicheLibraryApi.library.useQuery({ params: { niche } })
  const me = useQuery(authApi.current.queryOptions())
  const client = useQueryClient()
  const isDesk = useWide()
  const { selected, select, clear } = useSelection()
  const [active, setActive] = useState<Cell>({ row: 0, col: 0 })
  const [widths, setWidth] = useColumnWidths()
  const [copying, setCopying] = useState(false)
  const rows = useMemo<Starter[]>(
    () => (library.data?.data.rows ?? []).map((row, i) => ({ ...row, id: `starter-${i + 1}` })),
    [library.data],
  )
  const { shown, sort, onSort, filter } = useSheetView(rows, LIBRARY_COLUMNS)

  const guard = guardQuery(library, {
    loading: <PanelSkeleton label="Loading the library" rows={8} />,
  })
  if (!guard.ready) return guard.view

  const copy = async (picked: Starter[]) => {
    setCopying(true)
    try {
      const body = {
        rows: picked.map(({ id: _id, ...row }) => row),
      }
      const { data } = await nicheSheetApis[niche].batch.call({ body })
      if (me.data) {
        await client.invalidateQueries({
          queryKey: nicheSheetApis[niche].list.key({ params: { id: me.data.id } }),
        })
      }
      clear()
      toast.success(
        `${data.added === 1 ? '1 row' : `${data.added} rows`} copied to your ${page.name.toLowerCase()} sheet`,
      )
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The rows could not be copied')
    } finally {
      setCopying(false)
    }
  }
  const picked = rows.filter((r) => selected.has(r.id))

  return (
    <Stack gap="3">
      <Text color="fg.muted" maxW="3xl">
        {rows.length} starter rows for {guard.data.data.title.toLowerCase()}: each plans one post,
        from the audience and its pain to the hook, the format and the call to action. Copy the ones
        that fit you into your own sheet, then make them yours.
      </Text>
      <SheetFilterBar {...filter} count={`${shown.length} of ${rows.length} rows`}>
        <Button
          size="sm"
          colorPalette="primary"
          disabled={!picked.length}
          loading={copying}
          onClick={() => void copy(picked)}
        >
          {picked.length
            ? `Copy ${picked.length} selected to my sheet`
            : 'Select rows to copy them'}
        </Button>
      </SheetFilterBar>
      {isDesk ? (
        <SheetGrid
          label={`${page.name} library`}
          readOnly
          rows={shown}
          columns={LIBRARY_COLUMNS}
          selected={selected}
          onSelect={select}
          widths={widths}
          onWidth={setWidth}
          sort={sort}
          onSort={onSort}
          active={active}
          onActive={setActive}
          rowActionLabel="Copy"
          rowAction={(row) => (
            <Button
              size="xs"
              variant="outline"
              disabled={copying}
              onClick={() => void copy([row])}
              aria-label={`Copy row ${rows.indexOf(row) + 1} to my sheet`}
            >
              Copy
            </Button>
          )}
        />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" aria-label={`${page.name} library`}>
          {shown.map((row) => (
            <Box as="li" key={row.id} borderWidth="1px" borderRadius="l2" p="3" bg="bg.panel">
              <Stack gap="2">
                <Text fontWeight="semibold">{row.hook}</Text>
                <HStack gap="1" wrap="wrap">
                  <Badge variant="subtle">{row.subNiche}</Badge>
                  <Badge variant="outline">{row.postFormat}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {row.pain}
                </Text>
                <Text fontSize="sm">{row.postIdea}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {row.offerCategory}
                </Text>
                <HStack>
                  <Button
                    size="sm"
                    minH="11"
                    variant="outline"
                    disabled={copying}
                    onClick={() => void copy([row])}
                  >
                    Copy to my sheet
                  </Button>
                  <label>
                    <HStack gap="2" minH="11">
                      <input
                        type="checkbox"
                        checked={selected.has(row.id)}
                        onChange={(e) => select([row.id], e.target.checked)}
                      />
                      <Text fontSize="sm">Select</Text>
                    </HStack>
                  </label>
                </HStack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
