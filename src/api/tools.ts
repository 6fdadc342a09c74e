import { queryOptions } from '@tanstack/react-query'

import type { ResponseOf } from '../../api-schemas/contract'
import type { ToolPaths, tools } from '../../api-schemas/tools'
import { ApiError } from '../lib/api-error'
import { request } from '../lib/http'

type Tools = typeof tools
type ToolName = keyof Tools

/** The contract's paths; tsc refuses any other (see ToolPaths). */
const PATHS: ToolPaths = { viral: '/viralideas', quickCash: '/quickcash' }

/** The list each answer carries, checked before a screen reads it. */
const LISTS: Record<ToolName, string> = { viral: 'ideas', quickCash: 'plans' }

function hasList(answer: unknown, list: string): boolean {
  if (typeof answer !== 'object' || answer === null || !('data' in answer)) return false
  const data = answer.data
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as Record<string, unknown>)[list])
  )
}

/**
 * Read-only content the server checked against the contract when it started: the app reads it
 * without building the contract's schemas, and only checks that the answer has its list.
 */
function contentQuery<K extends ToolName>(name: K) {
  return queryOptions({
    queryKey: ['tools', name] as const,
    queryFn: async ({ signal }) => {
      const answer = await request({ method: 'GET', path: PATHS[name].slice(1), signal })
      if (!hasList(answer, LISTS[name])) {
        throw new ApiError(`Unexpected answer from GET ${PATHS[name]}`, 200)
      }
      return answer as ResponseOf<Tools[K]>
    },
    // The content changes only with a new release of the server.
    staleTime: Infinity,
  })
}

export const toolsApi = {
  viral: contentQuery('viral'),
  quickCash: contentQuery('quickCash'),
}
