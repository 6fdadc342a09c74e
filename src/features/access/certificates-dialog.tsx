import { Badge, Box, Button, Dialog, Flex, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import type { Certificate } from '@schemas/certificates'
import type { MemberSummary } from '@schemas/members'
import { certificatesApi } from '@/api/certificates'
import { membersApi } from '@/api/members'
import { ConfirmDialog, EmptyState, PanelQuery } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { FormDialog } from './member-dialogs'

const dateText = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
)
const day = (iso: string) => dateText.format(new Date(iso))

/** One member's certificates of completion, each to revoke (after a confirmation) or restore. */
export function CertificatesDialog({
  member,
  onClose,
}: {
  member: MemberSummary | null
  onClose: () => void
}) {
  return (
    <FormDialog
      open={member !== null}
      title={member ? `Certificates of ${member.email}` : 'Certificates'}
      onClose={onClose}
    >
      {member ? (
        <>
          <Dialog.Body>
            <MemberCertificates member={member} />
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </FormDialog>
  )
}

function MemberCertificates({ member }: { member: MemberSummary }) {
  const list = useQuery(certificatesApi.ofMember.queryOptions({ params: { memberId: member.id } }))
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  const client = useQueryClient()
  const audited = () =>
    void client.invalidateQueries({ queryKey: membersApi.audit.key({}).slice(0, 2) })
  const revoke = certificatesApi.revoke.useMutation({
    onSuccess: ({ data }) => {
      audited()
      toast.success(`The certificate for ${data.courseTitle} was revoked`)
    },
  })
  const restore = certificatesApi.restore.useMutation({
    onSuccess: ({ data }) => {
      audited()
      toast.success(`The certificate for ${data.courseTitle} is genuine again`)
    },
  })

  return (
    <>
      <PanelQuery
        query={list}
        loading="Loading the certificates"
        failed="The certificates could not be loaded"
      >
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState
              title="No certificates yet"
              description="A certificate is issued when the member completes every lesson of a course."
            />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" ps="0" m="0">
              {data.map((certificate) => (
                <Box
                  as="li"
                  key={certificate.id}
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="l2"
                  p="3"
                >
                  <Flex gap="3" justify="space-between" align="start" wrap="wrap">
                    <Stack gap="1" minW="0">
                      <Flex gap="2" align="center" wrap="wrap">
                        <Text fontWeight="medium">{certificate.courseTitle}</Text>
                        {certificate.revokedAt ? (
                          <Badge colorPalette="red">Revoked {day(certificate.revokedAt)}</Badge>
                        ) : (
                          <Badge colorPalette="green">Genuine</Badge>
                        )}
                      </Flex>
                      <Text fontSize="sm" color="fg.muted">
                        {certificate.memberName} · completed {day(certificate.completedAt)} · issued{' '}
                        {day(certificate.issuedAt)}
                      </Text>
                      <Text fontSize="sm" fontFamily="mono">
                        {certificate.id}
                      </Text>
                    </Stack>
                    {certificate.revokedAt ? (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Restore the certificate for ${certificate.courseTitle}`}
                        loading={
                          restore.isPending && restore.variables?.params.id === certificate.id
                        }
                        onClick={() => restore.mutate({ params: { id: certificate.id } })}
                      >
                        Restore
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`Revoke the certificate for ${certificate.courseTitle}`}
                        loading={revoke.isPending && revoke.variables?.params.id === certificate.id}
                        onClick={() => setRevoking(certificate)}
                      >
                        Revoke
                      </Button>
                    )}
                  </Flex>
                </Box>
              ))}
            </Stack>
          )
        }
      </PanelQuery>
      <ConfirmDialog
        open={revoking !== null}
        title={
          revoking
            ? `Revoke the certificate for ${revoking.courseTitle}?`
            : 'Revoke the certificate?'
        }
        description="Anyone who checks it is told it was revoked, and the member can no longer download it. You can restore it later."
        confirmLabel="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate({ params: { id: revoking.id } })
          setRevoking(null)
        }}
      />
    </>
  )
}
