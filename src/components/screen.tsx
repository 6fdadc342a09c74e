import type { ReactNode } from 'react'

import type { AreaKey } from '@schemas/access'

import { AreaGate } from './area-gate'
import { PageHeader, type Crumb } from './ui'

/**
 * A member screen: its title over the path to it from Home (`crumbs`, the title alone when not
 * given), then its content, shown once the member has `area` when the screen belongs to one.
 */
export function Screen({
  title,
  crumbs = [{ label: title }],
  area,
  actions,
  children,
}: {
  title: string
  crumbs?: Crumb[]
  area?: AreaKey
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, ...crumbs]}
        actions={actions}
      />
      {area ? <AreaGate area={area}>{children}</AreaGate> : children}
    </>
  )
}
