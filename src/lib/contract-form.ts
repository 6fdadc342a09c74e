import { useState, type FormEvent } from 'react'
import type { z } from 'zod/mini'

import { fieldErrorsOf, serverErrorOf, type FieldErrors } from './form-errors'

type Values = Record<string, unknown>

/** The name of a field whose value is a string, the kind a TextField or a select edits. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string

export interface ContractFormOptions<S extends z.ZodMiniType, V extends Values> {
  /**
   * The contract's schema of what is sent: the same check the server makes. A form whose checks
   * load on first use (the sign-in forms) gives a function that loads it; a submit waits for it.
   */
  schema: S | (() => Promise<S>)
  /** What the fields hold at first. */
  initial: V | (() => V)
  /** Turns what the fields hold into the schema's input where they differ (a list typed as text). */
  toInput?: (values: V) => unknown
  /**
   * Checks of what the schema does not hold (a repeated password), given the values and the
   * schema's messages: more messages by field. The form is sent only when neither has any.
   */
  check?: (values: V, errors: FieldErrors) => FieldErrors
  /** Called with the checked input when the check passes. */
  onSubmit: (input: z.output<S>, values: V) => void
  /**
   * The last failed call's error: a message about one of the form's fields is shown at that
   * field, any other above the form. The call's Idempotency-Key is the mutation's own
   * (src/api/create-api.ts): a form sent again unchanged after a failure carries the same key.
   */
  error?: unknown
  /** A field's message from the check goes as soon as that field is edited through `field()`. */
  clearOnEdit?: boolean
  /**
   * The values are held outside the form (a draft kept in the tab): the form shows these and
   * hands every edit to `onValuesChange` instead of keeping its own.
   */
  values?: V
  onValuesChange?: (values: V) => void
  /**
   * Checked as typed rather than when sent: a field's message shows once the field is left, at
   * once where `showAtOnce` says so (a limit passed), and everywhere after a try to send.
   */
  live?: { showAtOnce?: (name: keyof V & string, values: V) => boolean }
}

/**
 * One form's state, checked with the contract's schema before it is sent: the field values, the
 * first message per field from the check or from the server, and the form-level message.
 *
 *   const form = useContractForm({ schema: leadBodySchema, initial, onSubmit, error })
 *   <form onSubmit={form.submit} noValidate>
 *     <TextField label="Name" {...form.field('name')} />
 */
export function useContractForm<S extends z.ZodMiniType, V extends Values>(
  options: ContractFormOptions<S, V>,
) {
  const [own, setOwn] = useState<V>(options.initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  const [tried, setTried] = useState(false)
  const held = options.values
  const values = held ?? own
  const server = serverErrorOf(options.error, Object.keys(values))

  const setValues = (next: V | ((current: V) => V)) => {
    if (!held) return setOwn(next)
    options.onValuesChange?.(typeof next === 'function' ? next(held) : next)
  }
  const setValue = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }))
  const check = (schema: S) => {
    const parsed = schema.safeParse(options.toInput ? options.toInput(values) : values)
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error)
    const next = { ...found, ...options.check?.(values, found) }
    return { parsed, next, passed: parsed.success && !Object.values(next).some(Boolean) }
  }
  const { live, schema } = options
  // Checked as typed: the messages are the check's of the values shown, each shown when due.
  const liveErrors = live && !isLoader(schema) ? check(schema).next : null
  const shown = (name: keyof V & string) =>
    tried || left.has(name) || Boolean(live?.showAtOnce?.(name, values))
  const errorOf = (name: keyof V & string): string | undefined =>
    (liveErrors ? (shown(name) ? liveErrors[name] : undefined) : errors[name]) ??
    server.fields[name]
  const leave = (name: keyof V & string) => {
    if (live && !left.has(name)) setLeft(new Set([...left, name]))
  }
  const send = (schema: S, form: HTMLFormElement | null) => {
    const { parsed, next, passed } = check(schema)
    setErrors(next)
    setTried(true)
    if (passed) {
      options.onSubmit(parsed.data as z.output<S>, values)
      return
    }
    // The first field with a message takes the focus, which also scrolls it into view: in a
    // long form (a sheet row's panel on a phone) the message may be below the screen's edge.
    const first = Object.keys(values).find((name) => next[name])
    if (first) form?.querySelector<HTMLElement>(`[name=${JSON.stringify(first)}]`)?.focus()
  }

  return {
    values,
    setValue,
    setValues,
    errorOf,
    /** The message above the form: the server's, or the check's about the form as a whole. */
    formError: server.form ?? errors.form ?? null,
    /** What a text field takes: its name, value, change handler and message. */
    field: <K extends TextKey<V>>(name: K) => ({
      name,
      value: values[name] as string,
      onValueChange: (value: string) => {
        setValue(name, value as V[K])
        if (options.clearOnEdit) setErrors((current) => ({ ...current, [name]: undefined }))
      },
      error: errorOf(name),
      onBlur: () => leave(name),
    }),
    /** Marks a field left, for a control `field()` does not describe (a select). */
    leave,
    /** Checks the values; sends them when they pass, shows each field's message when not. */
    submit: (event?: FormEvent) => {
      event?.preventDefault()
      const form = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null
      const { schema } = options
      if (isLoader(schema)) void schema().then((loaded) => send(loaded, form))
      else send(schema, form)
    },
    /** Back to the given values (or the first ones), with no message. */
    reset: (next?: V) => {
      setValues(next ?? options.initial)
      setErrors({})
      setLeft(new Set())
      setTried(false)
    },
  }
}

const isLoader = <S extends z.ZodMiniType>(
  schema: S | (() => Promise<S>),
): schema is () => Promise<S> => typeof schema === 'function'

/**
 * A failed call's message for a control saved on its own, outside a form's submit (a photo saved
 * once chosen): the part about it when the message names it, else the whole message.
 */
export function callErrorAt(error: unknown, name: string): string | undefined {
  const server = serverErrorOf(error, [name])
  return server.fields[name] ?? server.form ?? undefined
}

/** A `check` of a repeated password: a message at `confirm` when it is not the password. */
export const confirmError = (password: string, confirm: string): FieldErrors =>
  password === confirm ? {} : { confirm: 'The passwords do not match' }

export type ContractForm<V extends Values> = ReturnType<typeof useContractForm<z.ZodMiniType, V>>
