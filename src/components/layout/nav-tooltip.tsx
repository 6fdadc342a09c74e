import { Portal, Tooltip } from '@chakra-ui/react'
import type { ReactElement } from 'react'

import { useAppearance } from '@/stores/appearance'

/** A link of the icon rail with its label as a tooltip, on the side facing the content. */
export default function NavTooltip({ label, children }: { label: string; children: ReactElement }) {
  const dir = useAppearance((s) => s.activeDir)
  return (
    <Tooltip.Root positioning={{ placement: dir === 'rtl' ? 'left' : 'right' }} openDelay={200}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}
