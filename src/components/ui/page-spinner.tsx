import { Center, Spinner } from '@chakra-ui/react'

/** Centered spinner for a screen whose chunk or data is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="40vh" w="full" role="status" aria-label={label} aria-live="polite">
      <Spinner size="lg" color="primary.solid" borderWidth="3px" />
    </Center>
  )
}
