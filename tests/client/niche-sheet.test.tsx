import { fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { NicheItem } from '@schemas/niche-items'
import { parseSheetCsv, sheetToCsv } from '@/features/niches/sheet-csv'

import { makeNicheItem, makeProfile, SHEET_MEMBER as MEMBER, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

/** The health sheet as the server keeps it, with every PUT body recorded. */
function sheetBackend(initial: NicheItem[]) {
  const rows = [...initial]
  const puts: { id: string; body: Record<string, unknown> }[] = []
  let failing: string | null = null
  return {
    rows,
    puts,
    fail: (message: string | null) => {
      failing = message
    },
    handlers: [
      ...memberHandlers(makeProfile({ id: MEMBER, areas: ['niches'] })),
      handle(contract.healthNiche.list, () => ({ data: { data: rows } })),
      handle(contract.healthNiche.update, ({ params, body }) => {
        puts.push({ id: params.id, body: body as Record<string, unknown> })
        if (failing) return { status: 503, message: failing }
        const index = rows.findIndex((r) => r.id === params.id)
        if (index < 0) return { status: 404, message: 'Row not found' }
        rows[index] = { ...rows[index]!, ...(body as object) } as NicheItem
        return { data: { data: rows[index]! } }
      }),
      handle(contract.healthNiche.create, ({ body }) => {
        const item = makeNicheItem({
          ...(body as object),
          hook: body.hook ?? '',
        } as Partial<NicheItem>)
        rows.push(item)
        return { status: 201, data: { data: item } }
      }),
      handle(contract.healthNiche.remove, ({ params }) => {
        const index = rows.findIndex((r) => r.id === params.id)
        if (index < 0) return { status: 404, message: 'Row not found' }
        rows.splice(index, 1)
        return { data: { data: { id: params.id } } }
      }),
    ],
  }
}

async function openSheet(backend: ReturnType<typeof sheetBackend>) {
  storeSession()
  server.use(...backend.handlers)
  const app = await renderApp('/admin/healthniche')
  const grid = await app.screen.findByRole('grid', { name: 'My sheet' })
  grid.focus()
  return { ...app, grid }
}

const activeCell = (grid: HTMLElement) =>
  document.getElementById(grid.getAttribute('aria-activedescendant')!)!

describe('/admin/healthniche: the own sheet', () => {
  it('moves with the keyboard and saves an edit typed in place', async () => {
    const backend = sheetBackend([makeNicheItem(), makeNicheItem()])
    const { grid, user, screen } = await openSheet(backend)
    expect(activeCell(grid).textContent).toBe('Home workouts')
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(activeCell(grid).textContent).toBe(backend.rows[0]!.hook)
    await user.keyboard('{ArrowDown}')
    expect(activeCell(grid).textContent).toBe(backend.rows[1]!.hook)
    await user.keyboard('{Home}')
    expect(activeCell(grid).textContent).toBe('Home workouts')
    await user.keyboard('{End}')
    expect(activeCell(grid).getAttribute('aria-colindex')).toBe('13')
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}')

    // Enter opens the cell's editor; Enter again keeps the text and moves down.
    await user.keyboard('{Enter}')
    const editor = screen.getByRole('textbox', { name: 'Hook' })
    await user.clear(editor)
    await user.type(editor, 'Twenty minutes, one patch of floor{Enter}')
    await waitFor(() => expect(backend.puts).toHaveLength(1))
    expect(backend.puts[0]).toEqual({
      id: backend.rows[1]!.id,
      body: { hook: 'Twenty minutes, one patch of floor' },
    })
    expect(await screen.findByText('All changes saved')).toBeTruthy()
    expect(within(grid).getByText('Twenty minutes, one patch of floor')).toBeTruthy()

    // Typing on a cell starts its edit with that letter; Escape drops the edit.
    await user.keyboard('{ArrowUp}X')
    expect(screen.getByRole('textbox', { name: 'Hook' })).toHaveProperty('value', 'X')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Hook' })).toBeNull()
    expect(backend.puts).toHaveLength(1)
  })

  it('undoes the last change with Ctrl+Z and with the Undo button', async () => {
    const backend = sheetBackend([makeNicheItem({ cta: 'Follow for more' })])
    const { grid, user, screen } = await openSheet(backend)
    await user.keyboard('{ArrowRight>7/}')
    expect(activeCell(grid).textContent).toBe('Follow for more')
    await user.keyboard('{Delete}')
    await waitFor(() => expect(backend.rows[0]!.cta).toBe(''))
    await user.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(backend.rows[0]!.cta).toBe('Follow for more'))
    expect(backend.puts.map((p) => p.body)).toEqual([{ cta: '' }, { cta: 'Follow for more' }])

    await user.click(screen.getByRole('button', { name: 'Add row' }))
    await waitFor(() => expect(backend.rows).toHaveLength(2))
    // The new row is where typing goes next.
    await waitFor(() =>
      expect(activeCell(grid).closest('[role="row"]')!.getAttribute('aria-rowindex')).toBe('3'),
    )
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(backend.rows).toHaveLength(1))
  })

  it('keeps typed text when a save fails, says so, and saves it on retry', async () => {
    const backend = sheetBackend([makeNicheItem()])
    const { grid, user, screen } = await openSheet(backend)
    backend.fail('The database is busy')
    await user.keyboard('{Enter}')
    const editor = screen.getByRole('textbox', { name: 'Sub-niche' })
    await user.clear(editor)
    await user.type(editor, 'Desk stretches{Enter}')
    expect(await screen.findByText(/Not saved: The database is busy/)).toBeTruthy()
    // The sheet still shows what was typed, with the cell marked.
    const cell = within(grid).getByText('Desk stretches').closest('[role="gridcell"]')!
    expect(cell.getAttribute('aria-invalid')).toBe('true')
    backend.fail(null)
    await user.click(screen.getByRole('button', { name: 'Retry now' }))
    expect(await screen.findByText('All changes saved')).toBeTruthy()
    expect(backend.rows[0]!.subNiche).toBe('Desk stretches')
    expect(cell.getAttribute('aria-invalid')).toBeNull()
  })

  it('sorts by a column and filters rows', async () => {
    const backend = sheetBackend([
      makeNicheItem({ hook: 'Banana bread swaps' }),
      makeNicheItem({ hook: 'Apple walk' }),
      makeNicheItem({ hook: 'Cherry smoothie' }),
    ])
    const { grid, user, screen } = await openSheet(backend)
    const hooks = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('gridcell')[5]!.textContent)
    await user.click(screen.getByRole('button', { name: /^Hook/ }))
    expect(hooks()).toEqual(['Apple walk', 'Banana bread swaps', 'Cherry smoothie'])
    await user.click(screen.getByRole('button', { name: /^Hook/ }))
    expect(hooks()).toEqual(['Cherry smoothie', 'Banana bread swaps', 'Apple walk'])
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'bread')
    expect(hooks()).toEqual(['Banana bread swaps'])
    expect(screen.getByText('1 of 3 rows')).toBeTruthy()
  })

  it('asks before deleting several rows', async () => {
    const backend = sheetBackend([makeNicheItem(), makeNicheItem(), makeNicheItem()])
    const { user, screen } = await openSheet(backend)
    await user.click(screen.getByRole('checkbox', { name: 'Select every row shown' }))
    await user.click(screen.getByRole('button', { name: 'Delete 3 rows' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 3 rows?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(backend.rows).toHaveLength(0))
    expect(await screen.findByText('This sheet is empty')).toBeTruthy()
  })

  it('shows the server message, or the spec fallback, when the sheet cannot load', async () => {
    storeSession()
    server.use(
      ...memberHandlers(makeProfile({ id: MEMBER, areas: ['niches'] })),
      handle(contract.healthNiche.list, () => ({ status: 500, message: '' })),
    )
    const { screen } = await renderApp('/admin/healthniche')
    expect(await screen.findByText('Error fetching niche data')).toBeTruthy()
  })
})

describe('sheet CSV', () => {
  it('round-trips rows and defuses formulas on export', () => {
    const rows = [
      makeNicheItem({
        hook: '=HYPERLINK("http://x.example")',
        note: 'Line one\nline two, with "quotes"',
      }),
      makeNicheItem({ hook: '+1 tip', hashtags: '#one #two', status: 'posted' }),
    ]
    const csv = sheetToCsv(rows)
    expect(csv.split('\r\n')[0]).toBe(
      'Sub-niche,Audience,Pain,Offer category,Hook,Format,Post idea,Call to action,Hashtags,Status,Link,Note',
    )
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example"")"`)
    expect(csv).toContain(`'+1 tip`)
    const back = parseSheetCsv(csv)
    expect(back.rejected).toEqual([])
    expect(back.rows.map((r) => [r.hook, r.note, r.hashtags, r.status])).toEqual([
      ['=HYPERLINK("http://x.example")', 'Line one\nline two, with "quotes"', '', 'idea'],
      ['+1 tip', '', '#one #two', 'posted'],
    ])
  })

  it('reports rejected lines and unknown columns, and keeps the good rows', () => {
    const csv = 'hook,status,colour\r\nGood one,idea,red\r\nBad status,finished,blue\r\n,,\r\n'
    const parsed = parseSheetCsv(csv)
    expect(parsed.rows.map((r) => r.hook)).toEqual(['Good one'])
    expect(parsed.rejected).toEqual([
      { line: 3, message: 'Status: Status is one of idea, drafted, scheduled, posted' },
    ])
    expect(parsed.ignored).toEqual(['colour'])
    expect(parseSheetCsv('a,b\r\n1,2').rejected[0]!.message).toBe(
      'The first line names no column of the sheet',
    )
  })
})

describe('/admin/niche/health: the library', () => {
  it('copies the selected starter rows into the own sheet', async () => {
    storeSession()
    const batches: unknown[] = []
    const starter = {
      subNiche: 'Home workouts for busy parents',
      audience: 'Parents',
      pain: 'No time',
      offerCategory: 'Home workout video programs',
      postFormat: 'reel' as const,
      postIdea: 'Film a routine',
      cta: 'Save this',
      hashtags: '#homeworkout',
      note: '',
    }
    server.use(
      ...memberHandlers(makeProfile({ id: MEMBER, areas: ['niches'] })),
      handle(contract.niches.library, () => ({
        data: {
          data: {
            niche: 'health' as const,
            title: 'Health and fitness',
            rows: ['One', 'Two', 'Three', 'Four'].map((h) => ({ ...starter, hook: `Hook ${h}` })),
          },
        },
      })),
      handle(contract.healthNiche.batch, ({ body }) => {
        batches.push(body)
        return { status: 201, data: { data: { added: body.rows.length } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/niche/health')
    const grid = await screen.findByRole('grid', { name: 'Health library' })
    expect(grid.getAttribute('aria-readonly')).toBe('true')
    for (const n of [1, 2, 4]) {
      await user.click(screen.getByRole('checkbox', { name: `Select row ${n}` }))
    }
    await user.click(screen.getByRole('button', { name: 'Copy 3 selected to my sheet' }))
    expect(await screen.findByText('3 rows copied to your health sheet')).toBeTruthy()
    expect(batches).toEqual([
      { rows: ['One', 'Two', 'Four'].map((h) => ({ ...starter, hook: `Hook ${h}` })) },
    ])
    // Read-only: Enter and typing edit nothing.
    grid.focus()
    fireEvent.keyDown(grid, { key: 'Enter' })
    expect(screen.queryByRole('textbox', { name: 'Sub-niche' })).toBeNull()
  })
})
