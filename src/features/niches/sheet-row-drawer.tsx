import {
  Button,
  CloseButton,
  Drawer,
  Field,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react'
import type { FormEvent } from 'react'

import type { ItemColumn, NicheItem } from '@schemas/niche-items'

import { SHEET_COLUMNS } from './sheet-columns'

/** A row of the phone's sheet in a panel from the bottom, every column a labelled field. */
export default function RowDrawer({
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
