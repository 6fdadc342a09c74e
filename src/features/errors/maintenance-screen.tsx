import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { systemApi } from '@/api/system'
import { useDocumentTitle } from '@/lib/document-title'

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'down'; message: string }

/** Shown whenever the API answers 503; the retry asks /api/health before leaving. */
export function MaintenanceScreen() {
  useDocumentTitle('Down for maintenance')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [check, setCheck] = useState<Check>({ state: 'idle' })

  const retry = async () => {
    setCheck({ state: 'checking' })
    try {
      await queryClient.fetchQuery({
        ...systemApi.health.queryOptions(),
        staleTime: 0,
        retry: false,
      })
      await navigate({ to: '/admin/dashboard' })
    } catch (error) {
      setCheck({
        state: 'down',
        message: error instanceof Error ? error.message : 'The service is still unavailable.',
      })
    }
  }

  return (
    <Center>
      <Stack gap="4" textAlign="center" align="center">
        <Heading as="h1" size="xl">
          Down for maintenance
        </Heading>
        <Text color="fg.muted">
          Members Area is being updated and is briefly unavailable. Your data is safe; please try
          again in a few minutes.
        </Text>
        {check.state === 'down' ? (
          <Text role="alert" color="fg.error">
            Still unavailable: {check.message}
          </Text>
        ) : null}
        <Button
          loading={check.state === 'checking'}
          loadingText="Checking…"
          onClick={() => void retry()}
        >
          Try again
        </Button>
      </Stack>
    </Center>
  )
}
