/**
 * What each niche's readers struggle with, want, say and search for, and its hashtags.
 */
import type { AiNiche } from '@schemas/ai'

/** What the templates say of a niche: what its readers struggle with and want, and its hashtags. */
export interface NicheKit {
  audience: string
  /** Completes "If you …"; also reads after "They …". */
  pains: readonly string[]
  /** Completes "Stop …". */
  stop: readonly string[]
  agitate: string
  before: string
  after: string
  /** A point the niche always has something to say on, about the topic. */
  point?: (topic: string) => string
  goals: readonly string[]
  visuals: readonly string[]
  places: readonly string[]
  words: readonly string[]
  objections: readonly string[]
  /** Space-separated hashtags (without #) in three tiers. */
  tags: { broad: string; niche: string; specific: string }
}

/** The kit of every niche a member can choose. */
export const NICHES: Record<AiNiche, NicheKit> = {
  health: {
    audience: 'busy adults who want to feel better day to day',
    pains: [
      'have tried plan after plan and none of them stuck',
      'feel too busy for healthy routines',
      'are confused by all the conflicting health advice online',
      'start strong every Monday and run out of steam by Friday',
    ],
    stop: [
      'copying extreme plans from social media',
      'waiting for the perfect Monday to start',
      'trying to change everything at once',
    ],
    agitate:
      'It is easy to lose weeks jumping between plans and end up more confused than when you started.',
    before: 'you start a new plan every Monday and drop it by Wednesday',
    after: 'a few simple habits that fit into your real week',
    point: (topic) => `how to fit ${topic} into a busy day`,
    goals: [
      'Feel more in control of their daily habits',
      'Find a routine that fits around work and family',
      'Understand what they eat and why',
      'Stop starting over every few weeks',
    ],
    visuals: [
      'prepping a simple meal at the kitchen counter',
      'a short walk outside',
      'a glass of water next to a notebook',
      'a simple weekly plan written on paper',
    ],
    places: [
      'Facebook groups about healthy eating and home workouts',
      'YouTube recipe and home workout channels',
      'Pinterest, saving meal ideas and routines',
      'Reddit communities such as r/EatCheapAndHealthy',
      'Instagram and TikTok accounts that share simple routines',
    ],
    words: [
      'I just want to feel like myself again',
      "I don't have time to cook every day",
      'what actually works?',
      'something I can stick to',
    ],
    objections: [
      'Is this safe for me? (Point them to their doctor for personal advice.)',
      'I have tried diets before and they never lasted',
      'Will I have to buy special food or equipment?',
    ],
    tags: {
      broad:
        'health wellness healthylifestyle selfcare wellbeing healthyliving fitness healthyhabits motivation mindset',
      niche:
        'healthyeating nutrition mealprep healthyfood cleaneating homeworkout guthealth fitnessjourney healthyrecipes plantbased mindfulness stressrelief',
      specific:
        'wellnesstips healthtips mealprepideas healthyroutine morningroutine beginnerworkout healthyswaps selfcaretips nutritiontips wellnessjourney',
    },
  },
  wealth: {
    audience: 'people who want to learn a side hustle alongside their job',
    pains: [
      'want a side income but have no idea where to start',
      'keep buying courses and never finishing them',
      'feel overwhelmed by all the money advice online',
      'are tired of a shiny new strategy every week',
    ],
    stop: [
      'chasing every new trend',
      'buying another course before finishing the last one',
      'waiting until you feel ready',
    ],
    agitate: 'It is easy to spend months collecting tips and never take the first real step.',
    before: 'you read about side hustles every night but never start',
    after: 'a clear plan you work on a little every week',
    point: (topic) => `how to start small with ${topic} while you learn`,
    goals: [
      'Learn a skill that could grow into extra income over time',
      'Understand money basics without jargon',
      'Have a plan that fits around a full-time job',
      'Stop feeling behind',
    ],
    visuals: [
      'a laptop and a notebook on a desk',
      'a simple checklist on screen',
      'a calendar with small tasks ticked off',
      'a coffee next to a to-do list',
    ],
    places: [
      'YouTube channels about side hustles and personal finance',
      'Reddit communities such as r/personalfinance and r/sidehustle',
      'Facebook groups for beginners in online business',
      'LinkedIn and X (Twitter) threads about careers and money',
      'Podcasts on their commute',
    ],
    words: ['is this legit?', 'extra income', "I don't have hours every day", 'step by step'],
    objections: [
      'Is this another scam?',
      "I don't have much money to start with",
      "I don't have time after work",
    ],
    tags: {
      broad:
        'money finance personalfinance entrepreneur business success motivation wealth mindset goals',
      niche:
        'sidehustle affiliatemarketing digitalmarketing workfromhome onlinebusiness budgeting investing savingmoney financialliteracy smallbusiness moneymindset moneytips',
      specific:
        'sidehustleideas budgetingtips affiliatemarketingforbeginners beginnerinvestor financetips moneymanagement frugalliving emergencyfund personalfinancetips contentcreator',
    },
  },
  relationship: {
    audience: 'people who want closer, calmer relationships',
    pains: [
      'keep having the same argument over and over',
      'feel a growing distance in the relationship',
      'are tired of advice that sounds good but does not work in real life',
      "want more connection but don't know how to start the conversation",
    ],
    stop: [
      'guessing what your partner needs',
      'saving hard talks for the worst moment',
      'keeping score',
    ],
    agitate:
      'Small misunderstandings pile up, and it gets harder to talk about what really matters.',
    before: 'the same conversations keep going in circles',
    after: 'talks that feel calmer and more open',
    point: (topic) => `how ${topic} can help you feel closer`,
    goals: [
      'Feel heard and understood',
      'Talk about hard things without a fight',
      'Spend more quality time together',
      'Understand their own needs better',
    ],
    visuals: [
      'two coffee cups on a kitchen table',
      'a walk in the park, filmed from behind',
      'a handwritten note on a table',
      'a quiet evening scene with soft light',
    ],
    places: [
      'Instagram and TikTok accounts about relationships',
      'Reddit communities such as r/relationship_advice',
      'Podcasts about love and communication',
      'Pinterest, saving date night ideas',
      'Facebook groups for couples',
    ],
    words: [
      "we've drifted apart",
      "I don't know how to bring it up",
      'I just want us to be on the same page',
      'quality time',
    ],
    objections: [
      'What if my partner is not interested?',
      'Is it too late for us?',
      'Can general advice really fit our situation?',
    ],
    tags: {
      broad:
        'love relationships couples relationshipgoals selflove marriage dating communication family happiness',
      niche:
        'relationshipadvice relationshiptips marriageadvice datingadvice couplegoals healthyrelationships lovelanguages datenight loveyourself emotionalintelligence boundaries selfgrowth',
      specific:
        'communicationtips datenightideas marriagetips qualitytime relationshiphelp longdistancerelationship marriedlife conflictresolution attachmentstyles lovetips',
    },
  },
  woodworking: {
    audience: 'beginners who want to build with wood at home',
    pains: [
      'have a small space and a long list of project ideas',
      'feel unsure which tools are actually needed',
      'keep putting off the first real project',
      'find most plans too vague to follow',
    ],
    stop: [
      'buying tools you do not need yet',
      'starting with the hardest project on your list',
      'guessing your measurements',
    ],
    agitate:
      'Tools sit unused, the idea list grows, and the first cut keeps moving to next weekend.',
    before: 'your project ideas stay on a list',
    after: 'a finished piece you built yourself, one step at a time',
    point: (topic) => `the tools to get first for ${topic}, and the ones that can wait`,
    goals: [
      'Finish a first project they are proud of',
      'Work safely with a few basic tools',
      'Follow plans without guessing',
      'Make useful things for their home and family',
    ],
    visuals: [
      'a close-up of a tape measure and a pencil mark',
      'the workbench with a few basic tools laid out',
      'sawdust and a slow, careful cut',
      'a finished shelf on the bench',
    ],
    places: [
      'YouTube woodworking and DIY channels',
      'Reddit communities such as r/woodworking and r/BeginnerWoodWorking',
      'Pinterest boards of DIY furniture',
      'Facebook groups for hobby woodworkers',
      'Instagram accounts of small home workshops',
    ],
    words: [
      'beginner-friendly plans',
      'I only have a small garage',
      'which saw should I buy first?',
      'weekend project',
    ],
    objections: [
      'Do I need a big workshop?',
      'Is it safe for a complete beginner?',
      'Will I have to buy lots of expensive tools?',
    ],
    tags: {
      broad:
        'woodworking diy handmade woodwork maker crafts homeimprovement design wood makersgonnamake',
      niche:
        'woodshop carpentry diyprojects furnituremaking woodcraft woodworker woodturning handtools powertools reclaimedwood woodworkingprojects workshop',
      specific:
        'woodworkingforbeginners beginnerwoodworking woodworkingplans diyfurniture shopmade joinery cuttingboard woodworkingtips smallshop weekendproject',
    },
  },
  other: {
    audience: 'beginners who want a simple, clear way to start',
    pains: [
      'are just getting started and feel a bit lost',
      'have tried things that did not work out',
      "don't have much time to figure it all out",
      'are drowning in tips and short on a plan',
    ],
    stop: [
      'doing everything at once',
      'waiting until you feel ready',
      'copying what everyone does',
    ],
    agitate: 'It is easy to lose time jumping between ideas without a clear first step.',
    before: 'you keep saving ideas for later',
    after: 'a simple routine you follow a little every day',
    goals: [
      'Get clear on the first step',
      'Make steady progress without burning out',
      'Learn from people a step or two ahead',
      'Find something that fits their schedule',
    ],
    visuals: [
      'talking to camera at a desk',
      'a notebook with a short checklist',
      'a phone screen scrolling through notes',
      'a simple whiteboard sketch',
    ],
    places: [
      'YouTube tutorials and how-to channels',
      'Facebook groups for beginners',
      'Reddit communities such as r/Entrepreneur',
      'Instagram and TikTok creators who share tips',
      'Newsletters and podcasts on their commute',
    ],
    words: [
      'where do I start?',
      'step by step',
      "I don't have hours every day",
      'is this worth it?',
    ],
    objections: [
      'Will this work for someone like me?',
      "I don't have the time",
      'I have bought things like this before and never used them',
    ],
    tags: {
      broad:
        'marketing business entrepreneur smallbusiness motivation success onlinebusiness socialmedia contentcreator tips',
      niche:
        'affiliatemarketing digitalmarketing sidehustle contentmarketing socialmediamarketing marketingtips branding blogging emailmarketing workfromhome personalbrand contentcreation',
      specific:
        'affiliatemarketingtips beginnerfriendly sidehustleideas marketingforbeginners onlinebusinesstips growthmindset productivitytips bloggingtips creatortips smallbusinesstips',
    },
  },
}
