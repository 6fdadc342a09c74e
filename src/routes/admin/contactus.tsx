import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { ContactUsScreen } from '../../features/support/contact-us-screen'

export const Route = createFileRoute('/admin/contactus')({
  validateSearch: z.object({
    subject: z.catch(z.optional(z.string().check(z.maxLength(150))), undefined),
  }),
  component: ContactUsScreen,
})
