/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text starting like a formula gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it (names come from public forms and from the networks); numbers stay.
 */
export function csvField(value: string) {
  const safe = /^[=+\-@\t\r\0]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Lines of fields as CSV text, CRLF line ends. */
export const toCsv = (lines: readonly (readonly string[])[]) =>
  lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n'

/** Hands the bytes to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Hands the text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  saveBlob(new Blob(['\uFEFF', text], { type }), fileName)
}
