import type { Endpoint, ParamsIn } from '@schemas/contract'
import { ApiError } from '@/lib/api-error'
import { saveBlob } from '@/lib/csv'
import { http, toApiError } from '@/lib/http'
import { STORAGE_KEYS } from '@/lib/session'

import { fillPath } from './create-api'

/** The file name an answer's `Content-Disposition: attachment; filename="…"` gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? null
}

/**
 * Fetches the file a `binary` contract entry answers, with the member's token as every call
 * sends it, and saves it under the name the server gives (else `fallbackName`). A refusal
 * rejects with the server's message, as any call does.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  params: ParamsIn<E>,
  fallbackName: string,
): Promise<void> {
  if (!endpoint.binary) {
    throw new ApiError(`${endpoint.method} ${endpoint.path} answers no file`, 0)
  }
  const signedIn = Boolean(localStorage.getItem(STORAGE_KEYS.token))
  let blob: Blob
  let fileName: string
  try {
    const response = await http(fillPath(endpoint.path, params as Record<string, unknown>), {
      method: endpoint.method,
    })
    blob = await response.blob()
    fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName
  } catch (error) {
    throw await toApiError(error, signedIn)
  }
  saveBlob(blob, fileName)
}
