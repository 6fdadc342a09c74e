import { createFileRoute } from '@tanstack/react-router'
import { optionalText, searchOf } from '../../lib/search-params'
import { ContactUsScreen } from '../../features/support/contact-us-screen'

export const Route = createFileRoute('/admin/contactus')({
  validateSearch: searchOf((search) => ({ subject: optionalText(search.subject, 150) })),
  component: ContactUsScreen,
})
