import { createFileRoute } from '@tanstack/react-router'

import { PhonePickScreen } from '../../features/phone/pick-step'

export const Route = createFileRoute('/admin/mobcraft')({
  component: () => <PhonePickScreen niche="woodworking" />,
})
