import { NOTE_COLORS, type Note } from '@schemas/notes'

export type NoteColor = Note['color']

/** The contract's colour names are Chakra palette names, so a card tints itself in both modes. */
export const noteColorOptions = NOTE_COLORS.map((color) => ({
  value: color,
  label: color.charAt(0).toUpperCase() + color.slice(1),
}))
