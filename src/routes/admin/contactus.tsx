import { createFileRoute } from '@tanstack/react-router'

import { ContactUsScreen } from '@/features/support/contact-us-screen'
import { optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/contactus')({
  validateSearch: searchOf((search) => ({ subject: optionalText(search.subject, 150) })),
  component: ContactUsScreen,
})
