import MarkdownIt from 'markdown-it'

/**
 * What members write in the community, to HTML: bold, italics, lists, links (bare addresses too)
 * and inline code; a line break stays a line break. No raw HTML (it is shown as typed), no
 * headings, images, tables or code blocks. Links are site paths, http(s) or mailto addresses,
 * and carry `rel="nofollow ugc noopener"`; those leaving the site open in a new tab.
 */
const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true })
md.enable(['emphasis', 'list', 'link', 'linkify', 'backticks', 'escape', 'entity', 'newline'])
md.linkify.set({ fuzzyEmail: false })

const SAFE_HREF = /^(\/(?!\/)|https?:\/\/|mailto:)/i
const defaultValidate = md.validateLink.bind(md)
md.validateLink = (url) => defaultValidate(url) && SAFE_HREF.test(url.trim())

/** `@janed`: letters, digits, after a space or at the start. */
const MENTION = /(^|[^\p{L}\p{N}_@/.])@([a-z0-9]{2,30})\b/giu

export interface CommunityText {
  html: string
  /** The words a reader sees, for excerpts and search. */
  plain: string
  /** How many links the text holds (new members may not post any yet). */
  links: number
  /** The handles mentioned, lower-cased, once each, in order. */
  mentions: string[]
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Renders a post or reply. `known` says which mentioned handles are members who may read the
 * thread: those show as mentions, any other `@word` stays plain text and is not reported.
 */
export function renderCommunityText(
  markdown: string,
  known: (handle: string) => boolean = () => true,
): CommunityText {
  const env = {}
  const tokens = md.parse(markdown, env)
  const words: string[] = []
  const mentions: string[] = []
  let links = 0
  for (const token of tokens) {
    if (token.type !== 'inline') continue
    let inLink = 0
    const children = []
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') {
        links++
        inLink++
        const href = String(child.attrGet('href') ?? '')
        child.attrSet('rel', 'nofollow ugc noopener')
        if (/^https?:/i.test(href)) child.attrSet('target', '_blank')
      } else if (child.type === 'link_close') inLink--
      // A line's words as they stand (`**six weeks**.` reads "six weeks."); a break is a space.
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content)
      else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ')
      if (child.type !== 'text' || inLink > 0) {
        children.push(child)
        continue
      }
      // Mentions in plain text (not in code or a link's words) become marked names.
      let last = 0
      let html = ''
      for (const match of child.content.matchAll(MENTION)) {
        const handle = match[2]!.toLowerCase()
        if (!known(handle)) continue
        if (!mentions.includes(handle)) mentions.push(handle)
        const at = match.index + match[1]!.length
        html += escape(child.content.slice(last, at))
        html += `<span class="mention" data-handle="${handle}">@${escape(match[2]!)}</span>`
        last = at + 1 + match[2]!.length
      }
      if (last === 0) {
        children.push(child)
        continue
      }
      html += escape(child.content.slice(last))
      // The text token becomes raw HTML: its text escaped above, the mentions marked.
      children.push(Object.assign(child, { type: 'html_inline', content: html }))
    }
    token.children = children
    words.push('\n')
  }
  const html = md.renderer.render(tokens, md.options, env)
  const plain = words
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
  return { html, plain, links, mentions }
}

/** Mentioned handles in a text, before knowing who they are (to look them up). */
export function mentionedHandles(markdown: string): string[] {
  const found = new Set<string>()
  for (const match of markdown.matchAll(MENTION)) found.add(match[2]!.toLowerCase())
  return [...found]
}

/** The first words of a text, cut at a word, for lists. */
export function excerptOf(plain: string, max = 240): string {
  // Lines (paragraphs, list items) run on, a dot between those that end without a stop.
  const flat = plain
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i, lines) =>
      i < lines.length - 1 && !/[.!?:;,…]$/.test(line) ? `${line} ·` : line,
    )
    .join(' ')
    .replace(/\s+/g, ' ')
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}
