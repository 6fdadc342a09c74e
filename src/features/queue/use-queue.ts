import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type DragEvent } from 'react'

import {
  queueCreateSchema,
  type QueueChannel,
  type QueuePost,
  type QueueUpdate,
} from '@schemas/queue'
import { queueApi } from '@/api/queue'
import { isApiError } from '@/lib/api-error'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

/** A date and time as a `datetime-local` input holds it, in the reader's time zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null)

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : 'The server could not be reached'

/**
 * The posting queue: the posts waiting, in the order they go out, and those posted; the post
 * being changed or deleted; the order changed by dragging or by the keyboard (the moved post's
 * handle keeps the focus, and the new position is announced).
 */
export function useQueue() {
  const list = queueApi.list.useQuery()
  const client = useQueryClient()
  const key = queueApi.list.key()
  const [editing, setEditing] = useState<QueuePost | null>(null)
  const [deleting, setDeleting] = useState<QueuePost | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dragged, setDragged] = useState<string | null>(null)
  const handles = useRef(new Map<string, HTMLButtonElement>())
  /** The post whose handle keeps the focus once the new order is drawn. */
  const focusAfter = useRef<string | null>(null)

  useEffect(() => {
    if (!focusAfter.current) return
    handles.current.get(focusAfter.current)?.focus()
    focusAfter.current = null
  }, [list.data])

  const posts = list.data?.data ?? []
  const waiting = posts.filter((p) => !p.postedAt)
  const posted = posts.filter((p) => p.postedAt)

  const setPosts = (next: QueuePost[]) => client.setQueryData(key, { data: next })

  /** Shows the new order at once and saves it; a refusal puts the old order back. */
  const reorder = async (ids: string[], moved: string) => {
    const before = posts
    const byId = new Map(waiting.map((p) => [p.id, p]))
    setPosts([...ids.map((id) => byId.get(id)!), ...posted])
    const index = ids.indexOf(moved)
    setAnnouncement(`Moved to position ${index + 1} of ${ids.length}`)
    try {
      const saved = await queueApi.reorder.call({ body: { ids } })
      setPosts(saved.data)
    } catch (error) {
      setPosts(before)
      toast.error(`The new order was not saved: ${messageOf(error)}`)
    }
  }

  /** Moves a waiting post to the position `to` (from 0). */
  const move = (id: string, to: number) => {
    const ids = waiting.map((p) => p.id)
    const from = ids.indexOf(id)
    if (to < 0 || to >= ids.length || from === to) return
    ids.splice(from, 1)
    ids.splice(to, 0, id)
    focusAfter.current = id
    void reorder(ids, id)
  }

  /** Sends a change, then reads the queue again and says `done`; true when it was saved. */
  const change = async (call: () => Promise<unknown>, done?: string) => {
    try {
      await call()
      await client.invalidateQueries({ queryKey: key })
      if (done) toast.success(done)
      return true
    } catch (error) {
      toast.error(messageOf(error))
      return false
    }
  }

  /** Changes a post; true when it was saved. */
  const update = (post: QueuePost, body: QueueUpdate) =>
    change(() => queueApi.update.call({ params: { id: post.id }, body }))

  // Puts the post on the calendar: a create, sent with an Idempotency-Key, so a retry after a
  // dropped connection does not make the event twice.
  const calendar = queueApi.toCalendar.useMutation({ meta: { errorToast: false } })
  const toCalendar = (post: QueuePost) =>
    change(() => calendar.mutateAsync({ params: { id: post.id } }), 'On the calendar')

  const remove = (post: QueuePost) => {
    setDeleting(null)
    return change(() => queueApi.remove.call({ params: { id: post.id } }), 'Post deleted')
  }

  /** The dragged post, dropped on `target`, takes its place. */
  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault()
    if (!dragged || dragged === target) return
    move(
      dragged,
      waiting.findIndex((p) => p.id === target),
    )
    setDragged(null)
  }

  /** The composer saved or was cancelled: it writes a new post again. */
  const doneEditing = () => {
    setEditing(null)
    void client.invalidateQueries({ queryKey: key })
  }

  /** Keeps a waiting post's drag handle, to give it the focus back after a move. */
  const handleRef = (id: string) => (el: HTMLButtonElement | null) => {
    if (el) handles.current.set(id, el)
    else handles.current.delete(id)
  }

  return {
    list,
    waiting,
    posted,
    editing,
    setEditing,
    doneEditing,
    deleting,
    setDeleting,
    announcement,
    dragged,
    setDragged,
    handleRef,
    move,
    update,
    toCalendar,
    remove,
    onDrop,
  }
}

/** The composer's form: writes a new post, or changes `post`; `onDone` once it is saved. */
export function usePostComposer(post: QueuePost | null, onDone: () => void) {
  const saved = () => {
    toast.success(post ? 'Post changed' : 'Added to the queue')
    form.reset({ channel: form.values.channel, text: '', scheduledAt: '' })
    onDone()
  }
  // A failure is shown in the form, where what was typed stays: no toast repeats it.
  const meta = { errorToast: false }
  const create = queueApi.create.useMutation({ onSuccess: saved, meta })
  const update = queueApi.update.useMutation({ onSuccess: saved, meta })
  const form = useContractForm({
    schema: queueCreateSchema,
    initial: {
      channel: post?.channel ?? ('instagram' as QueueChannel),
      text: post?.text ?? '',
      scheduledAt: toLocalInput(post?.scheduledAt ?? null),
    },
    toInput: (values) => ({ ...values, scheduledAt: fromLocalInput(values.scheduledAt) }),
    onSubmit: (body) => {
      if (post) update.mutate({ params: { id: post.id }, body })
      else create.mutate({ body })
    },
    error: post ? update.error : create.error,
    clearOnEdit: true,
  })
  return { form, pending: create.isPending || update.isPending }
}
