import { Tabs } from '@chakra-ui/react'
import { getRouteApi, useNavigate } from '@tanstack/react-router'

import { PageHeader } from '@/components/ui'

import { CourseFunnels } from './course-funnels'
import { LearningEarnings } from './learning-earnings'
import { NudgeLists } from './nudge-lists'
import { QuestionStats } from './question-stats'
import { type INSIGHT_TABS } from './tabs'

const route = getRouteApi('/admin/insights/')

/**
 * The administrator's insight: how members move through each course, which knowledge-check
 * questions they find hardest, who needs a nudge, and whether finishing the training goes with
 * a first sale sooner. Each tab loads when opened.
 */
export function InsightsScreen() {
  const search = route.useSearch()
  const navigate = useNavigate()
  const tab = search.tab ?? 'courses'
  return (
    <>
      <PageHeader
        title="Insights"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Insights' }]}
      />
      <Tabs.Root
        value={tab}
        lazyMount
        unmountOnExit
        variant="line"
        onValueChange={({ value }) =>
          void navigate({
            to: '/admin/insights',
            search: (previous) => ({
              ...previous,
              tab: value === 'courses' ? undefined : (value as (typeof INSIGHT_TABS)[number]),
              page: undefined,
            }),
          })
        }
      >
        <Tabs.List mb="5" overflowX="auto">
          <Tabs.Trigger value="courses">Courses</Tabs.Trigger>
          <Tabs.Trigger value="checks">Knowledge checks</Tabs.Trigger>
          <Tabs.Trigger value="nudges">Members who need a nudge</Tabs.Trigger>
          <Tabs.Trigger value="earnings">Learning and earnings</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="courses">
          <CourseFunnels />
        </Tabs.Content>
        <Tabs.Content value="checks">
          <QuestionStats />
        </Tabs.Content>
        <Tabs.Content value="nudges">
          <NudgeLists />
        </Tabs.Content>
        <Tabs.Content value="earnings">
          <LearningEarnings />
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
