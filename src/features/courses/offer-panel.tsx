import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import type { Lesson } from '@schemas/courses'
import { AppIcon } from '@/components/layout/icons'
import { Card } from '@/components/ui'

/**
 * The price and checkout of an offer page, as the operator set them. Without a checkout address
 * there is no button, only the way to ask support; a member who has the area is told so.
 */
export function OfferPanel({
  offer,
  title,
}: {
  offer: NonNullable<Lesson['offer']>
  title: string
}) {
  if (offer.owned) {
    return (
      <Card data-testid="offer-panel">
        <Flex gap="3" align="center" wrap="wrap">
          <Badge colorPalette="green" size="lg">
            <AppIcon name="check" size="16px" /> Included in your membership
          </Badge>
          <Text color="fg.muted">You already have {title}.</Text>
        </Flex>
      </Card>
    )
  }
  return (
    <Card data-testid="offer-panel">
      <Stack gap="3" align="start">
        {offer.price ? (
          <Text fontSize="2xl" fontWeight="semibold">
            {offer.price}
          </Text>
        ) : null}
        {offer.checkoutUrl ? (
          <Button asChild colorPalette="primary" size="lg">
            <a href={offer.checkoutUrl} target="_blank" rel="noopener noreferrer">
              Get {title}
            </a>
          </Button>
        ) : (
          <Text>
            To add {title} to your membership, <Link to="/admin/contactus">contact support</Link>.
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          Once your order is confirmed, an administrator opens the area for your account.
        </Text>
      </Stack>
    </Card>
  )
}
