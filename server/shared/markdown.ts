import MarkdownIt from 'markdown-it'

/**
 * Lesson Markdown to HTML, on the server, so the browser runs no Markdown code. Raw HTML in the
 * text is escaped (`html: false`), markdown-it refuses `javascript:`, `vbscript:`, `file:` and
 * non-image `data:` links, and links must be site paths or https addresses; images are not
 * rendered (lessons carry none, and an image could call another site).
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: true })
md.disable(['image'])

const SAFE_HREF = /^(\/(?!\/)|#|https:\/\/|mailto:)/i
const defaultValidate = md.validateLink.bind(md)
md.validateLink = (url) => defaultValidate(url) && SAFE_HREF.test(url.trim())

/**
 * Changes whenever the same Markdown renders differently, so stored lessons are rendered anew at
 * the next start (the content's hash includes it).
 */
export const RENDERER_VERSION = 3

export interface Heading {
  id: string
  text: string
}

export interface Rendered {
  html: string
  /** The `##` headings, for the table of contents. */
  headings: Heading[]
  /** The words a reader sees, for search and reading time. */
  plain: string
  /** The same words split at each `##` and `###` heading, with its anchor (none before the first). */
  sections: Section[]
}

export interface Section {
  heading: Heading | null
  plain: string
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'section'

export function renderMarkdown(markdown: string): Rendered {
  const env = {}
  const tokens = md.parse(markdown, env)
  const headings: Heading[] = []
  const used = new Set<string>()
  const words: string[] = []
  const parts: { heading: Heading | null; from: number }[] = [{ heading: null, from: 0 }]
  let cell = false
  tokens.forEach((token, i) => {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') words.push(child.content)
      }
      // A table row reads as one line, its cells apart: "Yoga | 2 | 2".
      words.push(cell ? ' | ' : '\n')
    } else if (token.type === 'fence' || token.type === 'code_block') {
      words.push(token.content)
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      cell = true
    } else if (token.type === 'th_close' || token.type === 'td_close') {
      cell = false
    } else if (token.type === 'tr_close') {
      if (words.at(-1) === ' | ') words.pop()
      words.push('\n')
    }
    // A section's text starts after its heading.
    if (token.type === 'heading_close' && parts.at(-1)!.from < 0) parts.at(-1)!.from = words.length
    if (token.type !== 'heading_open' || (token.tag !== 'h2' && token.tag !== 'h3')) return
    const text = (tokens[i + 1]?.children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline')
      .map((c) => c.content)
      .join('')
      .trim()
    let id = slug(text)
    for (let n = 2; used.has(id); n++) id = `${slug(text)}-${n}`
    used.add(id)
    token.attrSet('id', id)
    if (token.tag === 'h2') headings.push({ id, text })
    parts.push({ heading: { id, text }, from: -1 })
  })
  // Links that leave the site open in a new tab without handing it this page. A table scrolls
  // sideways on a phone, so it takes keyboard focus: arrow keys then scroll it.
  for (const token of tokens) {
    if (token.type === 'table_open') token.attrSet('tabindex', '0')
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue
      if (/^https:/i.test(String(child.attrGet('href') ?? ''))) {
        child.attrSet('target', '_blank')
        child.attrSet('rel', 'noopener noreferrer')
      }
    }
  }
  const html = md.renderer.render(tokens, md.options, env)
  const plainOf = (from: number, to?: number) =>
    words
      .slice(from, to)
      .join(' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
  const sections = parts
    .map((part, i) => ({ heading: part.heading, plain: plainOf(part.from, parts[i + 1]?.from) }))
    .filter((section) => section.plain !== '')
  return { html, headings, plain: plainOf(0), sections }
}

export const countWords = (plain: string) => plain.split(/\s+/).filter(Boolean).length

/** Minutes to read at about 220 words a minute, at least one. */
export const readingMinutes = (plain: string) => Math.max(1, Math.ceil(countWords(plain) / 220))

/** Site paths (`/admin/…`) that a text links to. */
export function internalLinks(markdown: string): string[] {
  const found: string[] = []
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') {
        const href = String(token.attrGet('href') ?? '')
        if (href.startsWith('/')) found.push(href.split(/[?#]/)[0]!)
      }
      if (token.children) walk(token.children)
    }
  }
  walk(md.parse(markdown, {}))
  return found
}

/** Every link target, internal or not, for the content check. */
export function allLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)/g)].map((m) => m[1]!)
}
