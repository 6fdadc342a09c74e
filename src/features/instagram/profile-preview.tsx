import { Box, Circle, Flex, Stack, Text } from '@chakra-ui/react'

import { AppIcon } from '@/components/layout/icons'

import { initialsOf, shownLink } from './bio-text'

/**
 * The top of an Instagram profile as visitors see it: picture, name, bio with its line breaks,
 * and the link without its https://. The counts are left out: this profile has none yet.
 */
export function ProfilePreview({ name, bio, link }: { name: string; bio: string; link: string }) {
  const initials = initialsOf(name)
  const shown = shownLink(link)
  return (
    <Box
      role="group"
      aria-label="Profile preview"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg"
      p="4"
      minW="0"
    >
      <Flex align="center" gap="4">
        <Circle
          size="16"
          flexShrink={0}
          bg="primary.solid"
          color="primary.contrast"
          fontSize="xl"
          fontWeight="semibold"
          aria-hidden
        >
          {initials || <AppIcon name="user" size="28px" />}
        </Circle>
        <Flex
          flex="1"
          minW="0"
          justify="space-around"
          gap="2"
          wrap="wrap"
          fontSize="sm"
          color="fg.muted"
          aria-hidden
        >
          <Text>Posts</Text>
          <Text>Followers</Text>
          <Text>Following</Text>
        </Flex>
      </Flex>
      <Stack gap="1" mt="3" fontSize="sm" minW="0">
        {name.trim() ? (
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {name.trim()}
          </Text>
        ) : null}
        {bio.trim() ? (
          <Text whiteSpace="pre-line" overflowWrap="anywhere" data-testid="preview-bio">
            {bio.trim()}
          </Text>
        ) : (
          <Text color="fg.muted">Write a bio or pick a template to see it here.</Text>
        )}
        {shown ? (
          <Flex align="center" gap="1" color="primary.fg" fontWeight="semibold" minW="0">
            <AppIcon name="link" size="14px" flexShrink={0} aria-hidden />
            <Text truncate dir="ltr">
              {shown}
            </Text>
          </Flex>
        ) : null}
      </Stack>
    </Box>
  )
}
