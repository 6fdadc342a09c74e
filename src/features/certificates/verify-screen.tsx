import { Button, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'

import {
  normalizeCertificateId,
  UNKNOWN_CERTIFICATE,
  type Verification,
} from '@schemas/certificates'
import { certificatesApi } from '@/api/certificates'
import { AuthCard } from '@/components/blank-layout'
import { DetailList } from '@/components/detail-list'
import { FormAlert } from '@/components/form-fields'
import { PageSpinner } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { useQuery } from '@/lib/use-deferred-query'

const route = getRouteApi('/verify/$id')

const dateText = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
)
const day = (iso: string) => dateText.format(new Date(iso))

/**
 * The public check of a certificate, from the address it prints: genuine, revoked, or no
 * certificate with this id. Shows what the certificate shows, never whose account it is.
 */
export function VerifyScreen() {
  const { id: typed } = route.useParams()
  const id = normalizeCertificateId(typed)
  if (!id) return <UnknownCertificate id={typed} />
  return <CheckedCertificate id={id} />
}

function CheckedCertificate({ id }: { id: string }) {
  const check = useQuery({
    ...certificatesApi.verify.queryOptions({ params: { id } }),
    retry: false,
  })

  if (check.isPending) return <PageSpinner label="Checking the certificate" />
  if (check.isError) {
    if (check.error.status === 404) return <UnknownCertificate id={id} />
    return (
      <AuthCard title="The certificate could not be checked" description={check.error.message}>
        <Button variant="outline" onClick={() => void check.refetch()} loading={check.isFetching}>
          Try again
        </Button>
      </AuthCard>
    )
  }
  const certificate = check.data.data
  return certificate.status === 'revoked' ? (
    <AuthCard
      title="Revoked certificate"
      description="It no longer certifies the completion of this course."
    >
      <FormAlert status="error">
        This certificate was revoked on {day(certificate.revokedAt!)}.
      </FormAlert>
      <Details certificate={certificate} />
    </AuthCard>
  ) : (
    <AuthCard
      title="Genuine certificate"
      description="Members Area issued this certificate, and it stands."
    >
      <FormAlert status="success">
        {certificate.memberName} completed {certificate.courseTitle}.
      </FormAlert>
      <Details certificate={certificate} />
    </AuthCard>
  )
}

function Details({ certificate }: { certificate: Verification }) {
  return (
    <DetailList
      items={[
        { label: 'Name', value: certificate.memberName },
        { label: 'Course', value: certificate.courseTitle },
        { label: 'Completed', value: day(certificate.completedAt) },
        { label: 'Issued', value: day(certificate.issuedAt) },
        { label: 'Certificate id', value: certificate.id },
      ]}
    />
  )
}

function UnknownCertificate({ id }: { id: string }) {
  return (
    <AuthCard
      title={UNKNOWN_CERTIFICATE}
      description="Check the id against the certificate: 20 letters and digits in four groups, such as 7K3QD-M9XWB-1F0ZA-QQ4TR."
    >
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          The id looked up
        </Text>
        <Text fontFamily="mono" wordBreak="break-all">
          {id}
        </Text>
      </Stack>
    </AuthCard>
  )
}
