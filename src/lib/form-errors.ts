import type { z } from 'zod/mini'

import { isApiError } from './api-error'

export type FieldErrors = Partial<Record<string, string>>

/** The first message per field of a failed zod parse, keyed by the field's top-level name. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'form')
    errors[name] ??= issue.message
  }
  return errors
}

/**
 * Places a failed call's message: "email: …" goes next to the e-mail field when the form has
 * one, anything else above the form.
 */
export function serverErrorOf(
  error: unknown,
  fields: readonly string[],
): { fields: FieldErrors; form: string | null } {
  if (!error) return { fields: {}, form: null }
  if (!isApiError(error)) return { fields: {}, form: 'Something went wrong. Try again.' }
  const field = error.field
  if (field && fields.includes(field.name)) {
    return { fields: { [field.name]: field.message }, form: null }
  }
  return { fields: {}, form: error.message }
}
