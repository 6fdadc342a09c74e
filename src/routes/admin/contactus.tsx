import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { ContactUsScreen } from '../../features/support/contact-us-screen'

export const Route = createFileRoute('/admin/contactus')({
  validateSearch: z.object({ subject: z.string().max(150).optional().catch(undefined) }),
  component: ContactUsScreen,
})
