import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { CustomNiche } from '@schemas/niche-items'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const stamp = '2026-03-01T10:00:00.000Z'

describe('/admin/customniches', () => {
  it('keeps the name when the server refuses it, shows why at the field, and creates it once with the same Idempotency-Key', async () => {
    storeSession()
    const niches: CustomNiche[] = []
    const keys: (string | null)[] = []
    server.use(
      ...memberHandlers(makeProfile({ areas: ['niches'] })),
      handle(contract.customNiches.list, () => ({ data: { data: niches } })),
      handle(contract.customNiches.allRows, () => ({ data: { data: [] } })),
      // The new niche's sheet, opened once it is made.
      handle(contract.customNiches.deskList, () => ({ data: { data: [] } })),
      handle(contract.customNiches.create, ({ body, headers }) => {
        keys.push(headers.get('idempotency-key'))
        if (keys.length === 1)
          return { status: 500, message: 'label: The niche could not be saved' }
        const niche = {
          id: '00000000-0000-4000-8000-000000000001',
          label: body.label,
          rows: 0,
          createdAt: stamp,
          updatedAt: stamp,
        }
        niches.push(niche)
        return { status: 201, data: { data: niche } }
      }),
    )
    const { screen, user } = await renderApp('/admin/customniches')
    await user.click(await screen.findByRole('button', { name: 'New niche' }))
    const dialog = await screen.findByRole('dialog', { name: 'New niche' })
    const name = within(dialog).getByLabelText(/Niche name/)
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Niche name is required')).toBeTruthy()
    expect(keys).toHaveLength(0)

    await user.type(name, 'Houseplants')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('The niche could not be saved')).toBeTruthy()
    expect(name).toHaveProperty('value', 'Houseplants')

    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('"Houseplants" is ready')).toBeTruthy()
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    expect(niches.map((n) => n.label)).toEqual(['Houseplants'])
  })
})
