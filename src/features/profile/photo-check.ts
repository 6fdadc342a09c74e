import { PHOTO_MAX_BYTES } from '@schemas/members'

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** Why a chosen photo cannot be sent, or null when it can (the server checks again). */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP picture'
  }
  if (file.size > PHOTO_MAX_BYTES) return 'Choose a picture of at most 5 MB'
  return null
}
