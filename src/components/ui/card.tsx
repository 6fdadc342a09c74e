import { Card as ChakraCard, Heading } from '@chakra-ui/react'
import { type ReactNode } from 'react'

/**
 * The panel most screens are made of: 15 px padding (the theme's card size), the theme's
 * corner radius and the card shadow, which deepens in dark mode.
 */
export function Card({
  title,
  action,
  children,
  ...rest
}: { title?: ReactNode; action?: ReactNode; children: ReactNode } & Omit<
  ChakraCard.RootProps,
  'title'
>) {
  return (
    <ChakraCard.Root
      bg="bg.panel"
      borderWidth="0"
      boxShadow="card"
      _dark={{ borderWidth: '1px', borderColor: 'border' }}
      {...rest}
    >
      {title || action ? (
        <ChakraCard.Header
          display="flex"
          flexDirection="row"
          alignItems="center"
          justifyContent="space-between"
          gap="3"
        >
          {title ? (
            <Heading as="h2" size="md">
              {title}
            </Heading>
          ) : null}
          {action}
        </ChakraCard.Header>
      ) : null}
      <ChakraCard.Body>{children}</ChakraCard.Body>
    </ChakraCard.Root>
  )
}
