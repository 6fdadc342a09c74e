import { createFileRoute } from '@tanstack/react-router'
import { lazy, type ComponentType } from 'react'

import type { Niche } from '@schemas/niches'
import { isNamedPage, onlyKnown, type NamedPage } from '@/lib/named-pages'

type NicheScreen = ComponentType<{ niche: Niche }>

/** A screen of a feature, loaded when its page is first opened. */
const screen = <K extends string, C extends NicheScreen | ComponentType>(
  load: () => Promise<Record<K, C>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }))

const Pick = screen(() => import('@/features/phone/pick-step'), 'PhonePickScreen')
const Write = screen(() => import('@/features/phone/write-step'), 'PhoneWriteScreen')
const Review = screen(() => import('@/features/phone/review-step'), 'PhoneReviewScreen')
const Own = screen(() => import('@/features/niches/own-sheet-screen'), 'OwnSheetScreen')
const Home = screen(() => import('@/features/phone/phone-home-screen'), 'PhoneHomeScreen')
const InstagramBio = screen(
  () => import('@/features/instagram/bio-builder-screen'),
  'BioBuilderScreen',
)
const QuickCash = screen(() => import('@/features/tools/phone-plans-screen'), 'PhonePlansScreen')

const Catalogue = screen(() => import('@/features/ai/catalogue-screen'), 'CatalogueScreen')
const Generator = screen(() => import('@/features/ai/generator-screen'), 'GeneratorScreen')
const Translator = screen(() => import('@/features/ai/translator-screen'), 'TranslatorScreen')
const PageTranslator = screen(
  () => import('@/features/ai/translator-screen'),
  'PageTranslatorScreen',
)
const Chatbot = screen(() => import('@/features/ai/chatbot-screen'), 'ChatbotScreen')

/** Each named page: its screen, and the niche it is drawn for (a screen of no niche alone). */
const PAGES: Record<NamedPage, [NicheScreen, Niche] | ComponentType> = {
  mobilenav: Home,
  mobquickhealth: [Pick, 'health'],
  mobquickhealth2: [Write, 'health'],
  mobquickhealth3: [Review, 'health'],
  mobquickwealth: [Pick, 'wealth'],
  mobquickwealth2: [Write, 'wealth'],
  mobquickwealth3: [Review, 'wealth'],
  mobrelationship: [Pick, 'relationship'],
  mobrelationship2: [Write, 'relationship'],
  mobrelationship3: [Review, 'relationship'],
  mobcraft: [Pick, 'woodworking'],
  mobcraft2: [Write, 'woodworking'],
  mobcraft3: [Review, 'woodworking'],
  healthniche: [Own, 'health'],
  wealthniche: [Own, 'wealth'],
  relationshipniche: [Own, 'relationship'],
  craftniche: [Own, 'woodworking'],
  instagrambio: InstagramBio,
  mobquickcash: QuickCash,
  aitools: Catalogue,
  generator: Generator,
  translator: Translator,
  translatorpage: PageTranslator,
  chatbot: Chatbot,
}

/** The screens of named-pages.ts; any other name is unknown. */
export const Route = createFileRoute('/admin/$page')({
  beforeLoad: onlyKnown('page', isNamedPage),
  component: function NamedPageScreen() {
    const { page } = Route.useParams()
    const entry = PAGES[page as NamedPage]
    if (!Array.isArray(entry)) {
      const Screen = entry
      return <Screen />
    }
    const [Screen, niche] = entry
    return <Screen key={page} niche={niche} />
  },
})
