import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react'

import { itemUpdateSchema, type ItemColumn, type NicheItem } from '@schemas/niche-items'
import { TextAreaField, TextField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { useContractForm } from '@/lib/contract-form'

import { SHEET_COLUMNS } from './sheet-columns'

type Changes = Partial<Record<ItemColumn, string>>

/** A row of the phone's sheet in a panel from the bottom, every column a labelled field. */
export default function RowDrawer({
  row,
  onClose,
  onSave,
}: {
  row: NicheItem | null
  onClose: () => void
  onSave: (changes: Changes) => void
}) {
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
            {/* Remounted per row, so the form starts from the row it edits. */}
            {row ? <RowForm key={row.id} row={row} onClose={onClose} onSave={onSave} /> : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

/**
 * The row's columns, checked with the contract's change before they go to the sheet, which
 * saves each changed cell as typing in it would: a value the server would refuse is shown at
 * its field, and nothing is sent.
 */
function RowForm({
  row,
  onClose,
  onSave,
}: {
  row: NicheItem
  onClose: () => void
  onSave: (changes: Changes) => void
}) {
  const form = useContractForm({
    schema: itemUpdateSchema,
    initial: () =>
      Object.fromEntries(SHEET_COLUMNS.map((column) => [column.key, row[column.key]])) as Record<
        ItemColumn,
        string
      >,
    // Only what changed is sent: a spreadsheet saves one cell at a time.
    toInput: (values) =>
      Object.fromEntries(
        Object.entries(values).filter(([key, value]) => value !== row[key as ItemColumn]),
      ),
    onSubmit: (changes) => onSave(changes as Changes),
    clearOnEdit: true,
  })
  return (
    <form onSubmit={form.submit} noValidate style={{ display: 'contents' }}>
      <Drawer.Header>
        <Drawer.Title>Edit row</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <Stack gap="3">
          {SHEET_COLUMNS.map((column) =>
            column.kind === 'choice' ? (
              <SelectField
                key={column.key}
                label={column.label}
                {...form.field(column.key)}
                options={column.options!.map((option) => ({ value: option, label: option || '—' }))}
              />
            ) : column.kind === 'long' ? (
              <TextAreaField
                key={column.key}
                label={column.label}
                maxLength={column.max}
                autoresize
                {...form.field(column.key)}
              />
            ) : (
              <TextField
                key={column.key}
                label={column.label}
                maxLength={column.max}
                {...form.field(column.key)}
              />
            ),
          )}
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
  )
}
