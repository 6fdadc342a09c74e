import { Center, Spinner } from '@chakra-ui/react'

/** Shown while a screen's chunk or data loads. */
export function PageSpinner() {
  return (
    <Center minH="40vh" w="full" role="status" aria-label="Loading">
      <Spinner size="lg" color="primary.solid" borderWidth="3px" />
    </Center>
  )
}
