import type { Endpoint, ResponseOf } from '@schemas/contract'
import { fillPath, toFormData, type InputOf } from '@/api/create-api'

import { ApiError } from './api-error'
import { compactQuery, type QueryValue } from './http'
import { STORAGE_KEYS } from './session'

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

const API_BASE: string = import.meta.env.VITE_API_BASE || '/api'

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message
    if (typeof message === 'string' && message) return message
  }
  return null
}

/**
 * Sends a `multipart` endpoint's form with XMLHttpRequest, which (unlike fetch over HTTP/1.1)
 * reports upload progress. Same headers, errors and answer parsing as every other call: it
 * resolves with the answer parsed by the endpoint's response schema and rejects with ApiError,
 * so a 401 ends the session through the QueryClient like any failed call.
 */
export function upload<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  { onProgress, signal }: UploadOptions = {},
): Promise<ResponseOf<E>> {
  const { multipart } = endpoint
  if (!multipart) {
    return Promise.reject(new ApiError(`${endpoint.method} ${endpoint.path} takes no file`, 0))
  }
  const { params, query, body, file } = input as {
    params?: Record<string, unknown>
    query?: Record<string, QueryValue>
    body?: unknown
    file?: Blob | null
  }
  const token = localStorage.getItem(STORAGE_KEYS.token)
  const role = localStorage.getItem(STORAGE_KEYS.role)
  const signedIn = Boolean(token)

  return new Promise<ResponseOf<E>>((resolve, reject) => {
    let path: string
    try {
      path = fillPath(endpoint.path, params)
    } catch (error) {
      reject(error)
      return
    }
    const url = new URL(`${API_BASE.replace(/\/$/, '')}/${path}`, document.baseURI)
    url.search = compactQuery(query).toString()

    const xhr = new XMLHttpRequest()
    xhr.open(endpoint.method, url.href)
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    if (role) xhr.setRequestHeader('Role', role)
    xhr.setRequestHeader('Accept', 'application/json')
    const xsrf = readCookie('XSRF-TOKEN')
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf)

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      let answer: unknown
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        answer = undefined
      }
      if (xhr.status < 200 || xhr.status > 299) {
        const message = messageOf(answer)
        const fallback = xhr.statusText || `Request failed with status code ${xhr.status}`
        reject(new ApiError(message ?? fallback, xhr.status, signedIn, message !== null))
        return
      }
      if (answer === undefined) {
        reject(new ApiError('The server sent an answer that is not JSON', xhr.status, signedIn))
        return
      }
      const parsed = endpoint.response.safeParse(answer)
      if (!parsed.success) {
        reject(new ApiError(`Unexpected answer from ${endpoint.method} ${endpoint.path}`, 200))
        return
      }
      resolve(parsed.data as ResponseOf<E>)
    })
    xhr.addEventListener('error', () => reject(new ApiError('Network Error', 0, signedIn)))
    xhr.addEventListener('abort', () => reject(new ApiError('Request aborted', 0, signedIn)))
    if (signal) {
      if (signal.aborted) {
        reject(new ApiError('Request aborted', 0, signedIn))
        return
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send(toFormData(body, file, multipart))
  })
}
