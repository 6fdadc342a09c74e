import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'

import type { ItemColumn, NicheItem } from '@schemas/niche-items'

import { SHEET_COLUMNS } from './sheet-columns'

/**
 * The sheet on a phone: a card per row, only those near the screen in the page. A card opens
 * its row in a panel from the bottom, every column a labelled field.
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
      <RowDrawer
        row={open}
        onClose={() => setOpen(null)}
        onSave={(changes) => {
          if (!open) return
          for (const [key, value] of Object.entries(changes)) onEdit(open, key as ItemColumn, value)
          setOpen(null)
        }}
      />
    </>
  )
}

function RowDrawer({
  row,
  onClose,
  onSave,
}: {
  row: NicheItem | null
  onClose: () => void
  onSave: (changes: Partial<Record<ItemColumn, string>>) => void
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!row) return
    const form = new FormData(event.currentTarget)
    const changes: Partial<Record<ItemColumn, string>> = {}
    for (const column of SHEET_COLUMNS) {
      const value = String(form.get(column.key) ?? '')
      if (value !== row[column.key]) changes[column.key] = value
    }
    onSave(changes)
  }
  return (
    <Drawer.Root
      open={row !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      placement="bottom"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxH="90dvh" borderTopRadius="l3">
            {row ? (
              <form onSubmit={submit} style={{ display: 'contents' }}>
                <Drawer.Header>
                  <Drawer.Title>Edit row</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Stack gap="3">
                    {SHEET_COLUMNS.map((column) => (
                      <Field.Root key={column.key}>
                        <Field.Label>{column.label}</Field.Label>
                        {column.kind === 'choice' ? (
                          <NativeSelect.Root>
                            <NativeSelect.Field name={column.key} defaultValue={row[column.key]}>
                              {column.options!.map((option) => (
                                <option key={option} value={option}>
                                  {option || '—'}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        ) : column.kind === 'long' ? (
                          <Textarea
                            name={column.key}
                            defaultValue={row[column.key]}
                            maxLength={column.max}
                            autoresize
                          />
                        ) : (
                          <Input
                            name={column.key}
                            defaultValue={row[column.key]}
                            maxLength={column.max}
                          />
                        )}
                      </Field.Root>
                    ))}
                  </Stack>
                </Drawer.Body>
                <Drawer.Footer>
                  <Button variant="outline" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="primary">
                    Save
                  </Button>
                </Drawer.Footer>
              </form>
            ) : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
