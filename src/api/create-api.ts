import {
  queryOptions as tanstackQueryOptions,
  useMutation as useTanstackMutation,
  type UseMutationOptions,
} from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

import {
  takesIdempotencyKey,
  type BodyIn,
  type Endpoint,
  type EndpointGroup,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '@schemas/contract'
import { ApiError, isNetworkError } from '@/lib/api-error'
import { request, type QueryValue } from '@/lib/http'
import { useQuery } from '@/lib/use-deferred-query'

type NoInput = Record<never, never>

/** What one call of an endpoint takes: only the parts its contract entry declares. */
export type InputOf<E extends Endpoint> = (ParamsIn<E> extends undefined
  ? NoInput
  : { params: ParamsIn<E> }) &
  (QueryIn<E> extends undefined ? NoInput : { query?: QueryIn<E> }) &
  (BodyIn<E> extends undefined ? NoInput : { body: BodyIn<E>; file?: Blob | null })

/** Endpoints without input are called with no argument at all. */
type Args<E extends Endpoint> = keyof InputOf<E> extends never
  ? [input?: InputOf<E>]
  : [input: InputOf<E>]
type Variables<E extends Endpoint> = keyof InputOf<E> extends never ? void : InputOf<E>

interface LooseInput {
  params?: Record<string, unknown>
  query?: Record<string, QueryValue>
  body?: unknown
  /** Only for an endpoint whose contract entry declares `multipart`. */
  file?: Blob | null
}

/**
 * The body of a `multipart` endpoint as a form: each defined text field as a string, and the
 * file (when there is one) under the field name the contract gives it.
 */
export function toFormData(
  body: unknown,
  file: Blob | null | undefined,
  multipart: NonNullable<Endpoint['multipart']>,
) {
  const form = new FormData()
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value))
    }
  }
  if (file) {
    const name = 'name' in file && typeof file.name === 'string' ? file.name : multipart.file
    form.append(multipart.file, file, name)
  }
  return form
}

/** `/profile/:email` with `{ email }` -> `profile/a%40b.c` (relative to the API base). */
export function fillPath(path: string, params: Record<string, unknown> = {}) {
  return path.replace(/^\//, '').replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      throw new ApiError(`Missing path parameter "${name}"`, 0)
    }
    return encodeURIComponent(String(value))
  })
}

/** 128 random bits in hex (randomUUID needs a secure context; this does not). */
export const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')

function endpointApi<E extends Endpoint>(group: string, op: string, endpoint: E) {
  const key = (...[input]: Args<E>) => [group, op, input ?? {}] as const

  /** Calls the endpoint and parses the answer: a body that breaks the contract is an error. */
  const call = async (
    input?: InputOf<E>,
    signal?: AbortSignal,
    headers?: Record<string, string>,
  ): Promise<ResponseOf<E>> => {
    const { params, query, body, file } = (input ?? {}) as LooseInput
    if (file && !endpoint.multipart) {
      throw new ApiError(`${endpoint.method} ${endpoint.path} takes no file`, 0)
    }
    const data = await request({
      method: endpoint.method,
      path: fillPath(endpoint.path, params),
      query,
      body: endpoint.multipart ? toFormData(body, file, endpoint.multipart) : body,
      signal,
      headers,
    })
    const parsed = endpoint.response.safeParse(data)
    if (!parsed.success) {
      throw new ApiError(`Unexpected answer from ${endpoint.method} ${endpoint.path}`, 200)
    }
    return parsed.data as ResponseOf<E>
  }

  const queryOptions = (...args: Args<E>) =>
    tanstackQueryOptions({
      queryKey: key(...args),
      queryFn: ({ signal }) => call(args[0], signal),
    })

  /**
   * A change that may wait for the connection: one that cannot reach the server (offline, or the
   * connection dropped) is kept in this browser with its Idempotency-Key and sent when the
   * connection returns; the mutation then resolves with null. So does one made while an earlier
   * change of the same `merge` key still waits, behind which it must go.
   */
  const useOfflineMutation = (
    options: Omit<
      UseMutationOptions<ResponseOf<E> | null, ApiError, Variables<E>>,
      'mutationFn'
    > & {
      offline: {
        label: (variables: Variables<E>) => string
        merge?: (variables: Variables<E>) => string
      }
    },
  ) => {
    const { offline, ...rest } = options
    const attempt = useRef<[input: string, key: string]>(undefined)
    // The queue's code is fetched while the screen is open and the connection likely there, so
    // a change made after it drops can still be kept.
    useEffect(() => {
      void import('@/lib/write-queue').then((queue) => queue.preloadQueue())
    }, [])
    return useTanstackMutation<ResponseOf<E> | null, ApiError, Variables<E>>({
      ...rest,
      mutationKey: [group, op],
      mutationFn: async (variables) => {
        // Not in the first screen's code: loaded with the first change that may wait.
        const { isWaiting, queueWrite } = await import('@/lib/write-queue')
        const input = (variables ?? undefined) as InputOf<E> | undefined
        const same = JSON.stringify(input)
        if (attempt.current?.[0] !== same) attempt.current = [same, newKey()]
        const id = attempt.current[1]
        const merge = offline.merge?.(variables)
        const keyed = takesIdempotencyKey(endpoint)
        const keep = async () => {
          await queueWrite({
            id,
            call: `${group}.${op}`,
            input: (input ?? {}) as LooseInput,
            label: offline.label(variables),
            merge,
            keyed,
          })
          return null
        }
        if (isWaiting(merge)) return keep()
        try {
          return await call(input, undefined, keyed ? { 'Idempotency-Key': id } : undefined)
        } catch (error) {
          if (isNetworkError(error)) {
            return keep()
          }
          throw error
        }
      },
      onSuccess: async (data, variables, onMutateResult, context) => {
        attempt.current = undefined
        if (data !== null) void context.client.invalidateQueries({ queryKey: [group] })
        await rest.onSuccess?.(data, variables, onMutateResult, context)
      },
    })
  }

  return {
    key,
    call,
    queryOptions,
    useOfflineMutation,
    /** The query, its answers drawn in renders React may pause (the app's useQuery). */
    useQuery: (...args: Args<E>) => useQuery(queryOptions(...args)),
    /** A mutation refreshes its own group's queries, never the whole cache. */
    useMutation: (
      options: Omit<UseMutationOptions<ResponseOf<E>, ApiError, Variables<E>>, 'mutationFn'> = {},
    ) => {
      // A POST sent again with the same input after it failed (the network dropped, say) carries
      // the same Idempotency-Key, so a create that reached the server is not made twice.
      const attempt = useRef<[input: string, key: string]>(undefined)
      return useTanstackMutation<ResponseOf<E>, ApiError, Variables<E>>({
        ...options,
        mutationKey: [group, op],
        mutationFn: (variables) => {
          const input = variables ?? undefined
          let headers: Record<string, string> | undefined
          if (takesIdempotencyKey(endpoint)) {
            const { file } = (input ?? {}) as LooseInput
            const same = JSON.stringify([input, file?.size, file && 'name' in file && file.name])
            if (attempt.current?.[0] !== same) attempt.current = [same, newKey()]
            headers = { 'Idempotency-Key': attempt.current[1] }
          }
          return call(input as InputOf<E> | undefined, undefined, headers)
        },
        onSuccess: async (data, variables, onMutateResult, context) => {
          attempt.current = undefined
          void context.client.invalidateQueries({ queryKey: [group] })
          await options.onSuccess?.(data, variables, onMutateResult, context)
        },
      })
    },
  }
}

export interface ApiMeta extends Record<string, unknown> {
  /** Set on a mutation whose screen shows its error in place, so no toast repeats it. */
  errorToast?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError
    mutationMeta: ApiMeta
  }
}

export type EndpointApi<E extends Endpoint> = ReturnType<typeof endpointApi<E>>
export type GroupApi<G extends EndpointGroup> = { [K in keyof G]: EndpointApi<G[K]> } & {
  /** The invalidation prefix of every query of the group. */
  key: readonly [string]
}

/** Derives query options, query hooks and mutation hooks for every endpoint of a group. */
export function createApi<G extends EndpointGroup>(group: string, endpoints: G): GroupApi<G> {
  const api: Record<string, unknown> = { key: [group] as const }
  for (const [op, endpoint] of Object.entries(endpoints)) {
    api[op] = endpointApi(group, op, endpoint)
  }
  return api as GroupApi<G>
}

/** An endpoint's body schema, for forms that validate before sending. */
export function bodySchemaOf<E extends Endpoint>(endpoint: E): NonNullable<E['body']> {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`)
  return endpoint.body as NonNullable<E['body']>
}
