import { Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import { coursesApi } from '@/api/courses'
import { Card } from '@/components/ui'
import { linkTo, type AppPath } from '@/lib/named-pages'
import { useQuery } from '@/lib/use-deferred-query'

import { CompletionBar } from './completion'

/**
 * The dashboard's "Continue where you left off": the last lesson the member was in, opened at
 * their position (the lesson screen scrolls there), or where to start. Its height is kept while
 * it loads, so nothing below moves.
 */
export function ResumeCard() {
  const list = useQuery(coursesApi.list.queryOptions())
  const data = list.data?.data
  const resume = data?.resume ?? null
  const courses = data?.courses ?? []
  const open = courses.flatMap((c) => c.lessons).filter((l) => !l.locked)
  const firstOpen = open.find((l) => !l.completed)
  const target = resume ?? (firstOpen ? { path: firstOpen.path, title: firstOpen.title } : null)
  // The bar is the course the card points into (the training when it points nowhere): a
  // finished course's full bar never stands beside another course's lesson.
  const targetCourse = target
    ? courses.find((c) => c.lessons.some((l) => l.path === target.path))
    : undefined
  const barCourse = targetCourse ?? courses.find((c) => c.key === 'training')
  const finished = courses.filter(
    (c) => !c.locked && c.completion.total > 0 && c.completion.completed === c.completion.total,
  )
  const readSoFar = resume
    ? ` · ${resume.courseTitle} · ${Math.round(resume.position * 100)}% read`
    : targetCourse
      ? ` · ${targetCourse.title}`
      : ''
  const heading = resume
    ? 'Continue where you left off'
    : target
      ? finished.length > 0
        ? 'Start your next course'
        : 'Start learning'
      : 'Your courses'

  return (
    // The height of the usual card (a one-line lesson title, the training bar and the button).
    <Card data-testid="resume-card" minH={{ base: '171px', md: '118px' }}>
      {list.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Loading your courses">
          <Skeleton height="5" width="50%" />
          <Skeleton height="4" width="70%" />
          <Skeleton height="8" width="36" />
        </Stack>
      ) : list.isError ? (
        <Text color="fg.error">Your courses could not be loaded: {list.error.message}</Text>
      ) : (
        <Flex
          gap="4"
          direction={{ base: 'column', md: 'row' }}
          align={{ md: 'center' }}
          justify="space-between"
        >
          <Stack gap="2" minW="0" flex="1">
            <Heading as="h2" size="md">
              {heading}
            </Heading>
            {target ? (
              // One line, cut short on a phone (the whole of it on hover): a second line would
              // make the card taller than the height it kept while loading, and move the page.
              // Its own words' direction: in a right-to-left page the title's start shows.
              <Text truncate title={target.title + readSoFar} dir="auto">
                {target.title}
                {readSoFar ? (
                  <Text as="span" color="fg.muted">
                    {readSoFar}
                  </Text>
                ) : null}
              </Text>
            ) : (
              <Text color="fg.muted">
                {open.length > 0 ? (
                  'You have completed every lesson open to you.'
                ) : (
                  <>
                    No course is open to you yet: see the{' '}
                    <Link to="/admin/upgrade">upgrade options</Link>.
                  </>
                )}
              </Text>
            )}
            {barCourse && barCourse.completion.total > 0 ? (
              <CompletionBar
                completion={barCourse.completion}
                label={`${barCourse.title} completed`}
              />
            ) : null}
          </Stack>
          {target ? (
            // A link, not a button: it opens in a new tab, and is announced as one.
            <Button asChild colorPalette="primary" flexShrink={0}>
              <Link {...linkTo(target.path as AppPath)}>{resume ? 'Continue' : 'Start'}</Link>
            </Button>
          ) : null}
        </Flex>
      )}
    </Card>
  )
}
