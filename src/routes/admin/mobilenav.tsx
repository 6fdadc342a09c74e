import { createFileRoute } from '@tanstack/react-router'

import { PhoneHomeScreen } from '../../features/phone/phone-home-screen'

export const Route = createFileRoute('/admin/mobilenav')({
  component: PhoneHomeScreen,
})
