import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { useRef, type ReactElement, type ReactNode } from 'react'

import { AppIcon, type IconName } from '@/components/layout/icons'

/** One of a row's further actions: a press, or a link drawn around its words. */
export interface RowMenuItem {
  label: string
  icon?: IconName
  onSelect?: () => void
  link?: (content: ReactNode) => ReactElement
  danger?: boolean
}

/**
 * The "⋯" button of a row's further actions, named for the row ("More actions for
 * ada@example.com"), and their menu: a `DataTable`'s `menu`. Imported from this file by the
 * screens that have one, so the other lists do not load the menu's code.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  // A chosen item acts once the menu has closed and given focus back to its button: a dialog it
  // opens then gives focus back there when it closes.
  const chosen = useRef<(() => void) | undefined>(undefined)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onExitComplete={() => {
        const act = chosen.current
        chosen.current = undefined
        if (!act) return
        button.current?.focus()
        act()
      }}
    >
      <Menu.Trigger asChild>
        <IconButton ref={button} size="xs" variant="ghost" aria-label={label} title="More actions">
          <AppIcon name="more" size="16px" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="200px" aria-label={label}>
            {items.map((item) => {
              const content = (
                <>
                  {item.icon ? <AppIcon name={item.icon} size="16px" /> : null}
                  {item.label}
                </>
              )
              return (
                <Menu.Item
                  key={item.label}
                  value={item.label}
                  asChild={item.link !== undefined}
                  color={item.danger ? 'fg.error' : undefined}
                  _hover={item.danger ? { bg: 'bg.error', color: 'fg.error' } : undefined}
                  onSelect={() => {
                    chosen.current = item.onSelect
                  }}
                >
                  {item.link ? item.link(content) : content}
                </Menu.Item>
              )
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
