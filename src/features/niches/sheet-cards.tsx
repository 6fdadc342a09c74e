import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react'

import type { ItemColumn, NicheItem } from '@schemas/niche-items'
import { useOpenedOnce } from '@/lib/use-opened-once'

import { SHEET_COLUMNS } from './sheet-columns'

// The panel's code (a drawer's focus trap and scroll lock) loads when a card is first opened.
const RowDrawer = lazy(() => import('./sheet-row-drawer'))

/**
 * The sheet on a phone: a card per row, only those near the screen in the page. A card opens
 * its row in a panel from the bottom (sheet-row-drawer.tsx).
 */
export function SheetCards({
  rows,
  onEdit,
  onDelete,
  cellProblem,
}: {
  rows: NicheItem[]
  onEdit: (row: NicheItem, key: ItemColumn, value: string) => void
  onDelete: (row: NicheItem) => void
  cellProblem: (rowId: string, key: ItemColumn) => string | undefined
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const [offset, setOffset] = useState(0)
  const [open, setOpen] = useState<NicheItem | null>(null)
  const drawerLoaded = useOpenedOnce(open !== null)
  useLayoutEffect(() => {
    setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 168,
    overscan: 4,
    scrollMargin: offset,
  })
  return (
    <>
      <Box
        ref={listRef}
        position="relative"
        style={{ height: virtualizer.getTotalSize() }}
        role="list"
        aria-label="My sheet"
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          const problem = SHEET_COLUMNS.some((c) => cellProblem(row.id, c.key))
          return (
            <Box
              key={row.id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              position="absolute"
              top="0"
              insetInline="0"
              pb="3"
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <Box
                borderWidth="1px"
                borderColor={problem ? 'border.error' : 'border'}
                borderRadius="l2"
                bg="bg.panel"
                p="3"
              >
                <Stack gap="2">
                  <Text fontWeight="semibold" lineClamp={2} unicodeBidi="plaintext">
                    {row.hook || 'No hook yet'}
                  </Text>
                  <HStack gap="1" wrap="wrap">
                    {row.subNiche ? <Badge variant="subtle">{row.subNiche}</Badge> : null}
                    {row.postFormat ? <Badge variant="outline">{row.postFormat}</Badge> : null}
                    <Badge colorPalette={row.status === 'posted' ? 'green' : 'gray'}>
                      {row.status}
                    </Badge>
                  </HStack>
                  {row.postIdea ? (
                    <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                      {row.postIdea}
                    </Text>
                  ) : null}
                  {problem ? (
                    <Text fontSize="sm" color="fg.error">
                      Not saved yet: trying again
                    </Text>
                  ) : null}
                  <HStack>
                    <Button size="sm" minH="11" variant="outline" onClick={() => setOpen(row)}>
                      Edit row {item.index + 1}
                    </Button>
                    <Button
                      size="sm"
                      minH="11"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => onDelete(row)}
                    >
                      Delete
                    </Button>
                  </HStack>
                </Stack>
              </Box>
            </Box>
          )
        })}
      </Box>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <RowDrawer
            row={open}
            onClose={() => setOpen(null)}
            onSave={(changes) => {
              if (!open) return
              for (const [key, value] of Object.entries(changes)) {
                onEdit(open, key as ItemColumn, value)
              }
              setOpen(null)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
