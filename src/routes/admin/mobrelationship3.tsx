import { createFileRoute } from '@tanstack/react-router'

import { PhoneReviewScreen } from '../../features/phone/review-step'

export const Route = createFileRoute('/admin/mobrelationship3')({
  component: () => <PhoneReviewScreen niche="relationship" />,
})
