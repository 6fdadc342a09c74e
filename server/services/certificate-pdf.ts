import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import fontkit from '@pdf-lib/fontkit'
import { PageSizes, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

/** The product's name as the certificate prints it. */
export const PRODUCT_NAME = 'Members Area'

export interface CertificateContent {
  id: string
  memberName: string
  courseTitle: string
  completedAt: Date
  issuedAt: Date
  /** The address anyone checks the certificate at. */
  verifyUrl: string
}

/**
 * DejaVu Sans (from its npm package) draws Latin, Greek, Cyrillic, Arabic, Hebrew, Armenian and
 * Georgian names; shaping and right-to-left order come from fontkit's layout. Only the glyphs a
 * certificate uses are embedded, so a file is some 10 KB.
 */
const packageFile = createRequire(import.meta.url).resolve
const FONT_FILES = {
  regular: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

type Fonts = { regular: Uint8Array; bold: Uint8Array; covers: (codePoint: number) => boolean }
let fonts: Promise<Fonts> | undefined

/** The font files, read once, and which characters the bold face (names, titles) draws. */
function loadFonts(): Promise<Fonts> {
  fonts ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(
    ([regular, bold]) => {
      const face = fontkit.create(bold)
      return { regular, bold, covers: (codePoint) => face.hasGlyphForCodePoint(codePoint) }
    },
  )
  fonts.catch(() => (fonts = undefined))
  return fonts
}

/**
 * The part of `text` the fonts can draw: any kind of space becomes a plain one, and a character
 * the fonts lack (a Chinese, Japanese or Korean one, say) is left out rather than drawn as a box.
 */
export function drawable(text: string, covers: (codePoint: number) => boolean) {
  let out = ''
  let complete = true
  for (const char of text) {
    if (/\s/u.test(char)) out += ' '
    else if (covers(char.codePointAt(0)!)) out += char
    else complete = false
  }
  return { text: out.replace(/ {2,}/g, ' ').trim(), complete }
}

const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const INK = rgb(0.12, 0.14, 0.2)
const MUTED = rgb(0.38, 0.42, 0.5)
const ACCENT = rgb(0.365, 0.529, 1)

/** The largest size up to `size`, down to `min`, at which `text` fits `width`. */
function fittingSize(font: PDFFont, text: string, size: number, min: number, width: number) {
  const at = font.widthOfTextAtSize(text, size)
  return at <= width ? size : Math.max(min, Math.floor((size * width) / at))
}

/** A landscape A4 page: the product, the title, the name, the course, the date, the id and where to check it. */
export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { regular, bold, covers } = await loadFonts()
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const font = await doc.embedFont(regular, { subset: true })
  const heavy = await doc.embedFont(bold, { subset: true })
  const [height, width] = PageSizes.A4
  const page = doc.addPage([width, height])
  const textWidth = width - 180

  const centred = (text: string, y: number, size: number, face: PDFFont, color = INK) => {
    const fitted = fittingSize(face, text, size, 10, textWidth)
    page.drawText(text, {
      x: (width - face.widthOfTextAtSize(text, fitted)) / 2,
      y,
      size: fitted,
      font: face,
      color,
    })
  }

  frame(page, width, height)
  centred(PRODUCT_NAME.toUpperCase(), height - 90, 13, heavy, ACCENT)
  centred('Certificate of completion', height - 150, 36, heavy)
  centred('This certifies that', height - 205, 14, font, MUTED)

  const name = drawable(content.memberName, covers)
  if (name.text) centred(name.text, height - 260, 40, heavy)
  page.drawLine({
    start: { x: width / 2 - 200, y: height - 278 },
    end: { x: width / 2 + 200, y: height - 278 },
    thickness: 0.8,
    color: MUTED,
  })
  if (!name.complete) {
    centred('The name in full is shown at the address below.', height - 296, 10, font, MUTED)
  }

  centred('has completed the course', height - 325, 14, font, MUTED)
  const course = drawable(content.courseTitle, covers)
  centred(course.text, height - 365, 24, heavy)
  centred(`on ${dateText.format(content.completedAt)}`, height - 400, 14, font)

  const footer = 78
  page.drawText(`Certificate id: ${content.id}`, { x: 70, y: footer, size: 11, font, color: INK })
  page.drawText(`Issued ${dateText.format(content.issuedAt)}`, {
    x: 70,
    y: footer - 16,
    size: 10,
    font,
    color: MUTED,
  })
  const check = 'Check that it is genuine at'
  const url = drawable(content.verifyUrl, covers).text
  const urlSize = fittingSize(font, url, 11, 7, width / 2 - 80)
  page.drawText(check, {
    x: width - 70 - font.widthOfTextAtSize(check, 10),
    y: footer,
    size: 10,
    font,
    color: MUTED,
  })
  page.drawText(url, {
    x: width - 70 - font.widthOfTextAtSize(url, urlSize),
    y: footer - 16,
    size: urlSize,
    font,
    color: ACCENT,
  })

  // What a viewer's document properties show; these strings need no font, so the name is whole.
  doc.setTitle(`Certificate of completion: ${content.courseTitle}`, { showInWindowTitleBar: true })
  doc.setAuthor(PRODUCT_NAME)
  doc.setSubject(`${content.memberName} completed ${content.courseTitle}. Id ${content.id}`)
  doc.setCreator(PRODUCT_NAME)
  doc.setProducer(PRODUCT_NAME)
  doc.setCreationDate(content.issuedAt)
  doc.setModificationDate(content.issuedAt)
  return doc.save()
}

/** A double border in the accent colour, inset from the page's edge. */
function frame(page: PDFPage, width: number, height: number) {
  page.drawRectangle({
    x: 28,
    y: 28,
    width: width - 56,
    height: height - 56,
    borderColor: ACCENT,
    borderWidth: 3,
  })
  page.drawRectangle({
    x: 38,
    y: 38,
    width: width - 76,
    height: height - 76,
    borderColor: ACCENT,
    borderWidth: 0.8,
  })
}
