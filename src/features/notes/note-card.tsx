import {
  Badge,
  Box,
  Heading,
  HStack,
  IconButton,
  Stack,
  Text,
  type IconButtonProps,
} from '@chakra-ui/react'

import type { Note } from '@schemas/notes'
import { AppIcon, type IconName } from '@/components/layout/icons'
import { onFirstUse } from '@/lib/intl'

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
)

/**
 * One note as a coloured card; the colour name doubles as the Chakra palette. A note written
 * offline and not yet sent (`waiting`) says so, and has no actions until the server has it.
 */
export function NoteCard({
  note,
  waiting = false,
  onEdit,
  onDelete,
  onTogglePin,
}: {
  note: Note
  waiting?: boolean
  onEdit: () => void
  onDelete: () => void
  onTogglePin: () => void
}) {
  return (
    <Box
      as="article"
      aria-labelledby={`note-${note.id}-title`}
      colorPalette={note.color}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      rounded="l2"
      p="15px"
      display="flex"
      flexDirection="column"
      gap="3"
      minH="40"
    >
      <HStack justify="space-between" align="flex-start" gap="2">
        <Heading
          as="h3"
          size="md"
          id={`note-${note.id}-title`}
          color="fg"
          wordBreak="break-word"
          minW="0"
        >
          {note.title}
        </Heading>
        {waiting ? (
          <Badge colorPalette="gray" variant="solid" flexShrink={0}>
            Waiting to be sent
          </Badge>
        ) : note.pinned ? (
          <Badge colorPalette={note.color} variant="solid" flexShrink={0}>
            Pinned
          </Badge>
        ) : null}
      </HStack>
      <Text
        color="fg"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        lineClamp={8}
        flex="1"
        fontSize="sm"
      >
        {note.body}
      </Text>
      <Stack direction="row" justify="space-between" align="center" gap="2">
        <Text fontSize="xs" color="fg.muted">
          <time dateTime={note.updatedAt}>{dateFormat.format(new Date(note.updatedAt))}</time>
        </Text>
        <HStack gap="1" hidden={waiting}>
          <CardAction
            icon="pin"
            label={`${note.pinned ? 'Unpin' : 'Pin'} note ${note.title}`}
            aria-pressed={note.pinned}
            onClick={onTogglePin}
          />
          <CardAction icon="edit" label={`Edit note ${note.title}`} onClick={onEdit} />
          <CardAction icon="trash" label={`Delete note ${note.title}`} onClick={onDelete} />
        </HStack>
      </Stack>
    </Box>
  )
}

/** One of a card's icon buttons, named for what it does to the note. */
function CardAction({
  icon,
  label,
  ...button
}: { icon: IconName; label: string } & Omit<IconButtonProps, 'aria-label' | 'children'>) {
  return (
    <IconButton size="sm" variant="ghost" aria-label={label} {...button}>
      <AppIcon name={icon} size="18px" />
    </IconButton>
  )
}
