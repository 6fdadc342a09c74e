import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { categoryLabel } from '@schemas/community'
import { communityApi } from '@/api/community'
import { guardQuery } from '@/components/query-guard'
import { Card, PageHeader, PanelSkeleton, type Crumb } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { useQuery } from '@/lib/use-deferred-query'

import { ThreadView } from './thread-view'

const route = getRouteApi('/admin/community/$postId')

/** One thread of the feed, or a question under a lesson, with all of its replies. */
export function ThreadScreen() {
  const { postId } = route.useParams()
  const navigate = useNavigate()
  const [now] = useState(() => Date.now())
  const thread = useQuery(communityApi.thread.queryOptions({ params: { id: postId } }))
  if (thread.isError && isApiError(thread.error) && thread.error.status === 404) {
    return <Navigate to="/auth/404" replace />
  }
  const shown = guardQuery(thread, {
    loading: <PanelSkeleton label="Loading the thread" rows={5} />,
    errorTitle: 'The thread could not be loaded',
  })
  if (!shown.ready) return shown.view
  const { post } = shown.data.data
  const crumbs: Crumb[] = post.lesson
    ? [{ label: post.lesson.title, to: post.lesson.path as Crumb['to'] }, { label: 'Question' }]
    : [
        { label: 'Community', to: '/admin/community' },
        ...(post.category ? [{ label: categoryLabel(post.category) }] : []),
      ]
  return (
    <>
      <PageHeader
        title={post.title || `A question on “${post.lesson?.title ?? 'a lesson'}”`}
        crumbs={crumbs}
      />
      <Card>
        <ThreadView
          thread={shown.data.data}
          now={now}
          onDeleted={() => void navigate({ href: post.lesson?.path ?? '/admin/community' })}
        />
      </Card>
    </>
  )
}
