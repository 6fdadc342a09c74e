import type { UseMutationResult } from '@tanstack/react-query'

import type { ApiError } from './api-error'

/** The options a save gives its calls: its errors show in the form, not as a toast. */
interface SaveOptions<A> {
  meta: { errorToast: false }
  onSuccess: (answer: A) => void
}

/** A contract group's `create` and `update` calls of one kind of record. */
export interface SaveCalls<B, A> {
  create: { useMutation: (options: SaveOptions<A>) => UseMutationResult<A, ApiError, { body: B }> }
  update: {
    useMutation: (
      options: SaveOptions<A>,
    ) => UseMutationResult<A, ApiError, { params: { id: string }; body: B }>
  }
}

/**
 * The save of a form that adds a record or edits the one with `id`: the group's `create` call
 * without an id, its `update` call with one; `isPending` and `error` are those of that call.
 */
export function useSave<B, A>(
  calls: SaveCalls<B, A>,
  id: string | undefined,
  onSuccess: (answer: A) => void,
) {
  const options: SaveOptions<A> = { meta: { errorToast: false }, onSuccess }
  const create = calls.create.useMutation(options)
  const update = calls.update.useMutation(options)
  const call = id ? update : create
  return {
    save: (body: B) => (id ? update.mutate({ params: { id }, body }) : create.mutate({ body })),
    isPending: call.isPending,
    error: call.error,
  }
}
