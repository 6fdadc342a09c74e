import { z } from 'zod/mini'

/**
 * zod/mini installs no locale: English messages ("Too big: expected string to have <=80
 * characters") for every rule without a message of its own, on the server and in the app alike.
 */
z.config(z.locales.en())

/** Who may call an endpoint. The server enforces it from the verified token, never from headers. */
export type Access = 'public' | 'member' | 'admin'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One endpoint, declared once; the server, the SPA hooks, msw handlers and OpenAPI derive from it. */
/**
 * An endpoint's name in the reference: its `title`, else its sentence up to the first colon,
 * semicolon, parenthesis or dash ("Set one member's page areas (administrators)" → "Set one
 * member's page areas").
 */
export const endpointTitle = (endpoint: Pick<Endpoint, 'summary' | 'title'>) =>
  endpoint.title ?? endpoint.summary.split(/[:;(—]/)[0]!.trim()

export interface Endpoint<
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod
  /** Fastify-style path under `/api`, with `:name` parameters. */
  path: string
  access: Access
  /** What the call does, in a sentence: the reference's description of it. */
  summary: string
  /** Its name in the reference, where the sentence's first clause is not a good one. */
  title?: string
  params?: Params
  query?: Query
  body?: Body
  /** Success status; 200 unless stated. */
  status?: 200 | 201
  response: Response
  /** The page area a member must have been granted to call this (see access.ts). */
  area?: string
  /**
   * The body arrives as multipart/form-data: `body` validates its text fields, and `file` names the
   * one optional file field, at most `maxBytes` long.
   */
  multipart?: { file: string; maxBytes: number }
  /** Also accepts a plain HTML form post (application/x-www-form-urlencoded). */
  formEncoded?: boolean
  /**
   * Answers raw bytes of this content type family instead of JSON (images, PDF documents, an
   * iCalendar feed).
   */
  binary?: 'image' | 'pdf' | 'calendar'
  /**
   * Answers a stream of server-sent events (`text/event-stream`), each `data:` line one JSON
   * value of `response`, instead of one JSON body.
   */
  stream?: true
  /**
   * A stream that stays open (live updates): each event may carry an `id:`, a client that
   * reconnects sends the last one as `Last-Event-ID` to get what it missed, and a comment line
   * every so often keeps proxies from closing it while nothing happens.
   */
  live?: true
}

export type EndpointGroup = Record<string, Endpoint>

/**
 * Creates (201) and streamed answers of members take an `Idempotency-Key` header: a retry with
 * the same key answers what the first request answered and creates nothing new.
 */
export const takesIdempotencyKey = (e: Endpoint) =>
  e.access !== 'public' && e.method === 'POST' && (e.status === 201 || e.stream === true)

/** An endpoint whose answer streams: `response` is the schema of one event. */
export type StreamEndpoint = Endpoint & { stream: true }

export const endpoint = <
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(
  def: Endpoint<Params, Query, Body, Response>,
) => def

export const streamEndpoint = <
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(
  def: Omit<Endpoint<Params, Query, Body, Response>, 'stream'>,
) => ({ ...def, stream: true as const })

/** A live stream (see `Endpoint.live`): `response` is the schema of one event. */
export const liveEndpoint = <
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(
  def: Omit<Endpoint<Params, Query, undefined, Response>, 'stream' | 'live' | 'body'>,
) => ({ ...def, stream: true as const, live: true as const })

type Parsed<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodMiniType
    ? z.output<NonNullable<T>>
    : undefined
type Sent<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodMiniType
    ? z.input<NonNullable<T>>
    : undefined

/** What a handler receives, after validation and defaults. */
export type ParamsOf<E extends Endpoint> = Parsed<E['params']>
export type QueryOf<E extends Endpoint> = Parsed<E['query']>
export type BodyOf<E extends Endpoint> = Parsed<E['body']>
export type ResponseOf<E extends Endpoint> = z.output<E['response']>

/** What a client sends, before defaults apply. */
export type ParamsIn<E extends Endpoint> = Sent<E['params']>
export type QueryIn<E extends Endpoint> = Sent<E['query']>
export type BodyIn<E extends Endpoint> = Sent<E['body']>

/** Every error answer, whatever the status. */
/**
 * A whole number with thousands separators, as English writes it ("1,000,000"), for messages
 * built when a contract file loads. Not `toLocaleString`: its first call sets up the number
 * formatting of the browser's locale data, some 50 ms of a phone's start-up.
 */
export const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

export const errorSchema = z.object({ message: z.string() })
export type ApiError = z.infer<typeof errorSchema>

/** The `{ data: … }` envelope the spec's client reads from. */
export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ data })

export const messageSchema = envelope(z.object({ message: z.string() }))

/** Paged lists (members, audit entries, leads): which page, and a page of items. */
export const MAX_PAGE_SIZE = 100

export const pageQuery = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)),
    20,
  ),
}

export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })

/** Trimmed text that may not be empty: "Title is required", "Title is at most 200 characters". */
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} is at most ${max} characters`),
    )

/** Trimmed text that may be empty: "Note is at most 2000 characters". */
export const optionalText = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters`))

/**
 * What a one-line name or label may not hold, though a long text may: line breaks (U+2028 and
 * U+2029 too) and tabs, bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069: they
 * can make a name in a list read backwards), and the invisible zero-width space, word joiner and
 * byte-order mark (two names that look alike and differ). Zero-width (non-)joiners stay: emoji and Persian or
 * Indic writing need them.
 */
const ONE_LINE = /^[^\t\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]*$/

// A pattern, not a refinement, so the API's OpenAPI document shows it.
const oneLine = (label: string) =>
  z.regex(
    ONE_LINE,
    `${label} is one line of visible text: no line breaks, tabs, direction overrides or invisible characters`,
  )

/** A name or label (a title, a first name …): required one-line text. */
export const requiredName = (label: string, max: number) =>
  requiredText(label, max).check(oneLine(label))

/** A name or label that may be empty. */
export const optionalName = (label: string, max: number) =>
  optionalText(label, max).check(oneLine(label))

/** A web address starting with http:// or https://, or nothing. */
export const linkSchema = (max: number) =>
  optionalText('Link', max).check(
    z.regex(
      /^$|^[hH][tT][tT][pP][sS]?:\/\/[^\s/]+\.\S+$/,
      'Link is a web address that starts with http:// or https://',
    ),
  )

/** The member a call acts for: the caller when left out; only an administrator may name another. */
export const memberIdSchema = /* @__PURE__ */ z.uuid('Not a valid member id')

/** A phone number as members and leads give it: digits and the usual punctuation. */
export const phoneSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(40, 'Phone is at most 40 characters'),
    z.regex(/^[0-9+()\-.\s]*$/, 'Phone may hold digits, spaces and + ( ) - . only'),
  )

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'E-mail address is too long')),
  z.email('Enter a valid e-mail address'),
)
