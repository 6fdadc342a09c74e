import { createFileRoute } from '@tanstack/react-router'

import { PhoneWriteScreen } from '../../features/phone/write-step'

export const Route = createFileRoute('/admin/mobquickhealth2')({
  component: () => <PhoneWriteScreen niche="health" />,
})
