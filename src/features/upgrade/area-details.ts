import type { AreaKey } from '@schemas/access'

/** What each area of the catalogue gives a member, in one sentence. */
export const AREA_DETAILS: Record<AreaKey, string> = {
  training: 'Step-by-step digital-marketing lessons, from the basics to your first campaign.',
  bonus: 'Extra courses that go deeper on traffic, funnels and affiliate offers.',
  content: 'The content checklist and planner to prepare posts for every niche.',
  viralLeads:
    'Your own opt-in page and form snippet, with every captured lead listed and exportable.',
  niches:
    'Ready-made niche sheets for health, wealth, relationships and crafts, plus your own niches.',
  quickCash:
    'Viral post ideas with hook formulas to fill in, and 7-day quick-start plans that pair one offer type with one free traffic channel.',
  instagram:
    'An Instagram bio builder: templates for every niche, a live profile preview and your saved bios, counted the way Instagram counts.',
  aiTools:
    'Twelve script writers, a free-form writer and a translator for captions, scripts, descriptions and ads.',
  chatbot:
    'A chatbot that answers your questions from the course, with links to the lessons it used.',
  digistoreTraining: 'A five-step course on selling through the Digistore24 network.',
  upsell1: 'Traffic accelerator: advanced paid and free traffic methods.',
  upsell2: 'Done-for-you campaigns you can launch with your affiliate links.',
  upsell3: 'Coaching sessions with answers to your own questions.',
  dfyVideo: 'Done-for-you videos to publish on your channels.',
}

/** The areas that have an offer page of their own, saying what the upgrade gives. */
export const OFFER_PAGES = {
  upsell1: '/admin/upgrade/upsell1',
  upsell2: '/admin/upgrade/upsell2',
  upsell3: '/admin/upgrade/upsell3',
  dfyVideo: '/admin/upgrade/dfyvideo',
} as const satisfies Partial<Record<AreaKey, string>>
