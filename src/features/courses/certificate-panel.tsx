import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'

import {
  certificateFileName,
  certificates,
  verifyPath,
  type Certificate,
} from '@schemas/certificates'
import type { Course } from '@schemas/courses'
import { certificatesApi } from '@/api/certificates'
import { downloadFile } from '@/api/download'
import { AppIcon } from '@/components/layout/icons'
import { PanelError, PanelSkeleton } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { onFirstUse } from '@/lib/intl'
import { useQuery } from '@/lib/use-deferred-query'

// In UTC, as the certificate prints its dates.
const dateText = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
)

const isComplete = (course: Course) =>
  course.completion.total > 0 && course.completion.completed === course.completion.total
const checksPassed = (course: Course) => course.modules.every((m) => !m.check || m.check.passed)

/**
 * The certificate of a course on its overview: to download and to share once every lesson is
 * completed and every module's knowledge check passed, a line saying how to get one before that.
 */
export function CertificatePanel({ course }: { course: Course }) {
  if (course.locked) return null
  if (!isComplete(course)) return <HowToGetOne course={course} />
  // A certificate issued before the checks existed stays: the list says whether there is one.
  return <IssuedCertificate course={course} />
}

function HowToGetOne({ course }: { course: Course }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {course.modules.some((m) => m.check)
        ? 'Complete every lesson and pass each module’s knowledge check to get a certificate of completion.'
        : 'Complete every lesson to get a certificate of completion.'}
    </Text>
  )
}

function IssuedCertificate({ course }: { course: Course }) {
  // Asked again each time the overview opens: the last lesson may have been completed just now.
  const list = useQuery({ ...certificatesApi.list.queryOptions(), staleTime: 0 })
  const certificate = list.data?.data.find((c) => c.courseKey === course.key)
  const headingId = `certificate-${course.key}`

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      bg="bg.subtle"
      p="4"
    >
      <Stack gap="3">
        <Flex gap="2" align="center">
          <AppIcon name="star" size="18px" />
          <Heading as="h3" size="md" id={headingId}>
            Certificate of completion
          </Heading>
        </Flex>
        {list.isPending ? (
          <PanelSkeleton label="Loading your certificate" rows={1} />
        ) : list.isError ? (
          <PanelError
            message={`Your certificate could not be loaded: ${list.error.message}`}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : certificate ? (
          <CertificateDetails certificate={certificate} />
        ) : !checksPassed(course) ? (
          <HowToGetOne course={course} />
        ) : (
          <Stack gap="2" align="flex-start">
            <Text fontSize="sm">Your certificate is being issued.</Text>
            <Button
              size="xs"
              variant="outline"
              onClick={() => void list.refetch()}
              loading={list.isFetching}
            >
              Check again
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  )
}

function CertificateDetails({ certificate }: { certificate: Certificate }) {
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        certificates.pdf,
        { id: certificate.id },
        certificateFileName(certificate.courseKey),
      ),
    meta: { errorToast: false },
  })
  const verifyUrl = `${window.location.origin}${verifyPath(certificate.id)}`

  if (certificate.revokedAt) {
    return (
      <Text color="fg.error">
        This certificate was revoked on {dateText.format(new Date(certificate.revokedAt))}. If you
        think this is a mistake, write to us from the contact page.
      </Text>
    )
  }
  return (
    <Stack gap="3">
      <Text>
        Issued to <strong>{certificate.memberName}</strong> for completing the course on{' '}
        {dateText.format(new Date(certificate.completedAt))}.
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button
          colorPalette="primary"
          size="sm"
          onClick={() => download.mutate()}
          loading={download.isPending}
          loadingText="Preparing…"
        >
          Download certificate
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copyText(verifyUrl, 'Link')}>
          Copy verify link
        </Button>
      </Flex>
      {download.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          The certificate could not be downloaded: {download.error.message}
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        Anyone can check that it is genuine at{' '}
        <Link
          href={verifyUrl}
          target="_blank"
          rel="noopener"
          color="primary.fg"
          wordBreak="break-all"
        >
          {verifyUrl}
        </Link>{' '}
        (certificate id{' '}
        <Text as="span" whiteSpace="nowrap">
          {certificate.id}
        </Text>
        ).
      </Text>
    </Stack>
  )
}
