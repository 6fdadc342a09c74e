import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import type { InstagramBio } from '@schemas/instagram'
import { instagramBiosApi } from '@/api/instagram'
import { lockedPanelFor } from '@/components/area-gate'
import { ConfirmDialog, EmptyState, PanelError, PanelSkeleton } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { bioTitle, isNiche, NICHE_NAMES } from './bio-text'

const savedAt = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

/** One of a saved bio's buttons, named with the bio's title for screen readers ("Edit …"). */
function BioAction({
  label,
  title,
  onClick,
  danger = false,
}: {
  label: string
  title: string
  onClick: () => void
  danger?: boolean
}) {
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette={danger ? 'red' : undefined}
      aria-label={`${label} ${title}`}
      onClick={onClick}
    >
      {label}
    </Button>
  )
}

/** The member's saved bios: each can go back into the editor, be copied or be deleted. */
export function SavedBios({
  memberId,
  editingId,
  onEdit,
  onDeleted,
}: {
  memberId: string
  editingId: string | null
  onEdit: (bio: InstagramBio) => void
  onDeleted: (id: string) => void
}) {
  const list = useQuery(instagramBiosApi.list.queryOptions({ params: { id: memberId } }))
  const [deleting, setDeleting] = useState<InstagramBio | null>(null)
  const remove = instagramBiosApi.remove.useMutation({
    onSuccess: (_, { params }) => {
      setDeleting(null)
      onDeleted(params.id)
      toast.success('Bio deleted')
    },
    onError: () => setDeleting(null),
  })

  if (list.isPending) return <PanelSkeleton label="Loading your saved bios" rows={3} />
  if (list.isError) {
    return (
      lockedPanelFor(list.error) ?? (
        <PanelError
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )
    )
  }
  const bios = list.data.data
  if (bios.length === 0) {
    return (
      <EmptyState
        title="No saved bios yet"
        description="Bios you save appear here, ready to copy into Instagram."
      />
    )
  }
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Saved bios">
        {bios.map((bio) => {
          const title = bioTitle(bio)
          const details = [
            isNiche(bio.niche) ? NICHE_NAMES[bio.niche] : null,
            `Saved ${savedAt.format(new Date(bio.updatedAt))}`,
          ]
          return (
            <Box
              as="li"
              key={bio.id}
              p="3"
              borderWidth="1px"
              borderColor={bio.id === editingId ? 'primary.solid' : 'border'}
              borderRadius="l2"
              minW="0"
            >
              <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {details.filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                {bio.id === editingId ? <Badge colorPalette="primary">In the editor</Badge> : null}
              </Flex>
              <Text mt="2" fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere">
                {bio.bio}
              </Text>
              <Flex mt="3" gap="2" wrap="wrap">
                <BioAction label="Edit" title={title} onClick={() => onEdit(bio)} />
                <BioAction
                  label="Copy"
                  title={title}
                  onClick={() => void copyText(bio.bio, 'Bio')}
                />
                <BioAction label="Delete" title={title} onClick={() => setDeleting(bio)} danger />
              </Flex>
            </Box>
          )
        })}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this bio?"
        description={deleting ? `“${bioTitle(deleting)}” is deleted for good.` : undefined}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ params: { id: deleting.id }, body: { memberId } })
        }}
      />
    </>
  )
}
