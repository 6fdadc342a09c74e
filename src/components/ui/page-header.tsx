import { Breadcrumb, Flex, Heading, Stack } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { type ReactNode } from 'react'

import { useDocumentTitle } from '@/lib/document-title'
import { useComponentLabels } from '@/lib/locales'
import { linkTo, type AppPath } from '@/lib/named-pages'

export interface Crumb {
  label: string
  to?: AppPath
}

/**
 * A screen's title with its breadcrumb trail; the trail's landmark label follows the
 * language setting (the locale's "Show path").
 */
export function PageHeader({
  title,
  crumbs = [],
  actions,
}: {
  title: string
  crumbs?: Crumb[]
  actions?: ReactNode
}) {
  const labels = useComponentLabels()
  useDocumentTitle(title)
  return (
    <Flex
      mb="6"
      gap="4"
      align={{ base: 'flex-start', md: 'center' }}
      justify="space-between"
      direction={{ base: 'column', md: 'row' }}
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size="2xl" fontWeight="semibold">
          {title}
        </Heading>
        {crumbs.length > 0 ? (
          <Breadcrumb.Root aria-label={labels.breadcrumb.showPath} size="sm">
            <Breadcrumb.List>
              {crumbs.map((crumb, index) => (
                <BreadcrumbItem
                  key={crumb.label}
                  crumb={crumb}
                  last={index === crumbs.length - 1}
                />
              ))}
            </Breadcrumb.List>
          </Breadcrumb.Root>
        ) : null}
      </Stack>
      {actions ? <Flex gap="2">{actions}</Flex> : null}
    </Flex>
  )
}

function BreadcrumbItem({ crumb, last }: { crumb: Crumb; last: boolean }) {
  return (
    <>
      <Breadcrumb.Item>
        {last || !crumb.to ? (
          <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
        ) : (
          <Breadcrumb.Link asChild>
            <Link {...linkTo(crumb.to)}>{crumb.label}</Link>
          </Breadcrumb.Link>
        )}
      </Breadcrumb.Item>
      {last ? null : <Breadcrumb.Separator />}
    </>
  )
}
