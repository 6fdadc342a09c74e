import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import { useDocumentTitle } from '@/lib/document-title'

export function NotFoundScreen() {
  useDocumentTitle('Page not found')
  return (
    <Center>
      <Stack gap="4" textAlign="center" align="center">
        <Text fontSize="6xl" fontWeight="bold" color="primary.fg" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          The address you opened does not exist in Members Area. Check the link, or go back to your
          dashboard.
        </Text>
        <Button asChild>
          <Link to="/admin/dashboard">Go to the dashboard</Link>
        </Button>
      </Stack>
    </Center>
  )
}
