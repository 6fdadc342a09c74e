import sharp from 'sharp'

import { PHOTO_MAX_SIDE } from '@schemas/members'

import { badRequest } from '../errors'
import type { UploadedFile } from '../shared/uploads'

/** 40 megapixels: far above any phone photo, far below a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

/**
 * Checks an uploaded photo by its content, not its name or declared type, and re-encodes it:
 * at most 512 px a side, WebP, no metadata (EXIF, GPS) carried over.
 */
export async function processPhoto(file: UploadedFile) {
  if (/[/\\]|\.\./.test(file.filename) || file.filename.includes('\0')) {
    throw badRequest('profilePhoto: the file name must not contain a path')
  }
  let format: string | undefined
  try {
    const meta = await sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    format = meta.format
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw badRequest('profilePhoto: the image has too many pixels')
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error
    throw badRequest('profilePhoto: the file is not a JPEG, PNG or WebP image')
  }
  if (!format || !ACCEPTED.has(format)) {
    throw badRequest('profilePhoto: the file is not a JPEG, PNG or WebP image')
  }
  try {
    const content = await sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
    return { content, contentType: 'image/webp' }
  } catch {
    throw badRequest('profilePhoto: the image could not be read; it may be damaged')
  }
}
