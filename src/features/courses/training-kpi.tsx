import { coursesApi } from '@/api/courses'
import { StatTile } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { completionPercent } from './completion'

/** The dashboard's headline training figure: how much of the training course is done. */
export function TrainingKpi() {
  const list = useQuery(coursesApi.list.queryOptions())
  const label = 'Training completed'
  const to = '/admin/dgtraining'
  if (list.isPending) return <StatTile label={label} to={to} loading testId="kpi-training" />
  if (list.isError)
    return <StatTile label={label} to={to} error={list.error.message} testId="kpi-training" />
  const training = list.data.data.courses.find((course) => course.key === 'training')
  if (!training || training.completion.total === 0) {
    return (
      <StatTile
        label={label}
        value="Not open yet"
        testId="kpi-training"
        link={{ to: '/admin/upgrade', label: 'See the upgrade options' }}
      />
    )
  }
  return (
    <StatTile
      label={label}
      to={to}
      value={`${completionPercent(training.completion)}%`}
      detail={`${training.completion.completed} of ${training.completion.total} lessons`}
      testId="kpi-training"
    />
  )
}
