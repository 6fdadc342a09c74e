import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'

import { API_PREFIX } from '@schemas/index'

import type { Config } from './config'
import type { Database } from './db/client'
import { registerApiReference } from './plugins/api-reference'
import { serializerCompiler } from './plugins/contract'
import { answerRouterError, parseJsonBody, registerErrorHandling } from './plugins/errors'
import { loggingOptions } from './plugins/logging'
import { registerMetrics } from './plugins/metrics'
import { logEventLoopLag, registerPressure } from './plugins/pressure'
import { registerSecurity } from './plugins/security'
import { registerSpa } from './plugins/spa'
import { deleteStaleAuthTokens } from './repos/auth-tokens'
import { deleteOldKeys } from './repos/idempotency'
import { accountsRoutes } from './routes/accounts'
import { aiRoutes } from './routes/ai'
import { authRoutes } from './routes/auth'
import { calendarFeedRoutes } from './routes/calendar-feed'
import { certificateRoutes } from './routes/certificates'
import { checkRoutes } from './routes/checks'
import { communityRoutes } from './routes/community'
import { contentRoutes } from './routes/content'
import { courseRoutes } from './routes/courses'
import { earningsRoutes } from './routes/earnings'
import { eventRoutes } from './routes/events'
import { insightRoutes } from './routes/insights'
import { instagramBioRoutes } from './routes/instagram-bios'
import { leadRoutes } from './routes/leads'
import { memberRoutes } from './routes/members'
import { momentumRoutes } from './routes/momentum'
import { nicheItemRoutes } from './routes/niche-items'
import { nicheRoutes } from './routes/niches'
import { noteRoutes } from './routes/notes'
import { notificationRoutes } from './routes/notifications'
import { queueRoutes } from './routes/queue'
import { reminderRoutes } from './routes/reminders'
import { supportRoutes } from './routes/support'
import { systemRoutes } from './routes/system'
import { toolRoutes } from './routes/tools'
import { Assistant } from './services/ai/assistant'
import { AuthService } from './services/auth'
import { BackgroundTasks } from './services/background'
import { CalendarFeedService } from './services/calendar-feed'
import { CertificatesService } from './services/certificates'
import { ChecksService } from './services/checks'
import { CommunityService } from './services/community'
import { syncContent } from './services/course-content'
import { CoursesService } from './services/courses'
import { EarningsAccounts } from './services/earnings-accounts'
import { EarningsImports } from './services/earnings-imports'
import type { HeardCache } from './services/heard-cache'
import { InsightsService } from './services/insights'
import { KeyBox } from './services/key-box'
import { outboxMailer, smtpMailer, type Mailer } from './services/mailer'
import { MembersService } from './services/members'
import { Metrics } from './services/metrics'
import { MomentumService } from './services/momentum'
import { connectorFor } from './services/networks'
import type { ConnectorOptions } from './services/networks/types'
import { readNicheLibrary } from './services/niche-library'
import { NoteListCache } from './services/note-lists'
import { NotificationsService } from './services/notifications'
import { RateLimiter } from './services/rate-limit'
import { RemindersService } from './services/reminders'
import { SubjectCache } from './services/subject-cache'
import { TokenService } from './services/tokens'
import { readToolContent } from './services/tool-content'

export interface AppOptions {
  config: Config
  database: Database
  jwtSecret: string
  /** Seals the members' network API keys (32 bytes). */
  earningsKey: Buffer
  /** Connector settings over the defaults (tests shorten timeouts and backoff). */
  connectorOptions?: Partial<ConnectorOptions>
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number
  mailer?: Mailer
  /** Keeps rate-limit counters of separate apps apart in a shared Redis. */
  rateLimitPrefix?: string
  logger?: FastifyServerOptions['logger']
}

export interface Services {
  config: Config
  database: Database
  auth: AuthService
  /** The members token checks read, kept while every change to them is heard of. */
  subjects: SubjectCache
  /** Members' note lists, kept while every change to them is heard of. */
  noteLists: NoteListCache
  members: MembersService
  limiter: RateLimiter
  mailer: Mailer
  tasks: BackgroundTasks
  accounts: EarningsAccounts
  imports: EarningsImports
  courses: CoursesService
  /** Certificates of completion of the courses. */
  certificates: CertificatesService
  /** The knowledge checks at the end of the courses' modules. */
  checks: ChecksService
  /** Each member's private calendar feed (iCalendar) of their events. */
  calendarFeed: CalendarFeedService
  momentum: MomentumService
  reminders: RemindersService
  /** What administrators learn of how members learn and earn, and the reminders they send. */
  insights: InsightsService
  /** The discussions: the feed, threads under lessons, reports and moderation. */
  community: CommunityService
  /** Who hears of what in the community: the bell, the live streams and the mail. */
  notifications: NotificationsService
  /** The AI writing tools, translator and chatbot. */
  assistant: Assistant
  /** What an operator watches (`/metrics`). */
  metrics: Metrics
  /** Whether this instance should be sent traffic (`/api/ready`). */
  readiness: Readiness
  now: () => number
}

/** What `/api/ready` needs besides the database answering. */
export interface Readiness {
  /** The course content was checked (and loaded if it changed) at start. */
  contentLoaded: boolean
  /** A stop has begun: requests under way finish, new ones go elsewhere. */
  stopping: boolean
  /** Requests being answered now (streams included), for a stop to wait on. */
  inFlight: () => number
  /** How long since the last request arrived, in ms: a stop waits for a quiet moment. */
  quietMs: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    /** Every route as "METHOD /url", for checking the server against the contract. */
    routeList: string[]
  }
}

/** The whole server as one Fastify instance, ready to listen or to be injected into. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify({
    ...(options.logger === undefined
      ? loggingOptions(config.logLevel)
      : { logger: options.logger }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: answerRouterError,
  })
  app.decorate('routeList', [])
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`)
    }
  })
  // JSON only (form and multipart bodies are taken by the routes that declare them): a text/plain
  // body is an unsupported content type (415), not a JSON body that failed validation.
  app.removeContentTypeParser('text/plain')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const now = options.now ?? Date.now
  const limiter = new RateLimiter(config.rateLimits, {
    redisUrl: config.redisUrl,
    ...(options.rateLimitPrefix ? { prefix: options.rateLimitPrefix } : {}),
  })
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(database.db, app.log))
  const metrics = new Metrics()
  const readiness: Readiness = {
    contentLoaded: false,
    stopping: false,
    inFlight: () => 0,
    quietMs: () => 0,
  }
  const tasks = new BackgroundTasks(app.log)
  const subjects = new SubjectCache(database, now)
  const noteLists = new NoteListCache(database, now)
  const auth = new AuthService({
    db: database.db,
    tokens: new TokenService(options.jwtSecret, now),
    limiter,
    mailer,
    tasks,
    subjects,
    now,
    publicUrl: config.publicUrl,
    countCheck: (answered) => metrics.tokenChecks.inc({ answered }),
    signInDelayMs: config.signInDelayMs,
    onSignInHeld: (ms) => {
      metrics.signInHolds.inc()
      metrics.signInHeldSeconds.inc(ms / 1000)
    },
  })
  const members = new MembersService({ db: database.db, auth, mailer, tasks })
  const keyBox = new KeyBox(options.earningsKey)
  const connectors = (network: Parameters<typeof connectorFor>[0]) =>
    connectorFor(network, config, options.connectorOptions)
  const imports = new EarningsImports({
    db: database.db,
    keyBox,
    connectorFor: connectors,
    tasks,
    log: app.log,
    now,
    intervalMinutes: config.earningsSyncMinutes,
    countOutcome: (outcome) => metrics.imports.inc({ outcome }),
  })
  const accounts = new EarningsAccounts({
    db: database.db,
    keyBox,
    imports,
    connectorFor: connectors,
    now,
  })
  const certificates = new CertificatesService({
    db: database.db,
    now,
    publicUrl: config.publicUrl,
  })
  const courses = new CoursesService({
    db: database.db,
    now,
    offers: config.offers,
    certificates,
  })
  const notifications = new NotificationsService({
    database,
    mailer,
    tasks,
    now,
    publicUrl: config.publicUrl,
    secret: options.jwtSecret,
    courses,
    log: app.log,
    countMail: (kind) => metrics.communityMail.inc({ kind }),
  })
  const reminders = new RemindersService({
    db: database.db,
    mailer,
    tasks,
    now,
    publicUrl: config.publicUrl,
    secret: options.jwtSecret,
    log: app.log,
    intervalMinutes: config.reminderMinutes,
    countSent: (kind) => metrics.reminders.inc({ kind }),
    countRun: (outcome) => metrics.reminderRuns.inc({ outcome }),
  })
  app.decorate('services', {
    config,
    database,
    auth,
    subjects,
    noteLists,
    members,
    limiter,
    mailer,
    tasks,
    accounts,
    imports,
    courses,
    certificates,
    checks: new ChecksService({ db: database.db, now, certificates }),
    calendarFeed: new CalendarFeedService({ db: database.db, now, publicUrl: config.publicUrl }),
    momentum: new MomentumService({ db: database.db, now }),
    reminders,
    insights: new InsightsService({
      db: database.db,
      mailer,
      now,
      publicUrl: config.publicUrl,
    }),
    community: new CommunityService({ db: database.db, now, courses, notifications }),
    notifications,
    assistant: new Assistant({
      db: database.db,
      config: config.ai,
      courses,
      now,
      countAnswer: (writer, status, tokens) => {
        metrics.aiRequests.inc({ writer, status })
        metrics.aiTokens.inc({ writer }, tokens)
      },
    }),
    metrics,
    readiness,
    now,
  })
  app.decorateRequest('member', undefined)

  // While stopping, answers close their connection, so keep-alive clients do not hold the stop up.
  app.addHook('preClose', async () => {
    readiness.stopping = true
  })
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (readiness.stopping) reply.header('connection', 'close')
    done(null, payload)
  })
  // Used and expired single-use tokens are kept a day for inspection, then removed, hourly;
  // so are the answers kept for Idempotency-Keys.
  const sweep = () =>
    tasks.run(async () => {
      await deleteStaleAuthTokens(database.db, new Date(now()))
      await deleteOldKeys(database.db, new Date(now() - 24 * 60 * 60 * 1000))
    })
  const sweeper = setInterval(sweep, 60 * 60 * 1000).unref()
  // Caches answer from memory only while every change to what they keep is heard of.
  const unlisten: (() => Promise<void>)[] = []
  const follow = (
    cache: Pick<HeardCache<unknown>, 'heard' | 'setLive'>,
    changes: string,
    meanwhile: string,
  ) => {
    let deaf = false
    return {
      notify: (owner: string) => cache.heard(owner),
      live: (listening: boolean) => {
        cache.setLive(listening)
        if (readiness.stopping || deaf === !listening) return
        deaf = !listening
        if (deaf) app.log.warn(`not hearing of ${changes}: ${meanwhile}`)
        else app.log.info(`hearing of ${changes} again`)
      },
    }
  }
  app.addHook('onReady', async () => {
    unlisten.push(
      await database.listen(
        subjects.channel,
        follow(subjects, 'member changes', 'every token check reads the database'),
      ),
      await database.listen(
        noteLists.channel,
        follow(noteLists, 'note changes', 'every note list is read from the database'),
      ),
    )
    unlisten.push(await notifications.start(), reminders.start())
    // Lessons are served from the database: load the content files when they changed.
    if ((await syncContent(database.db, config.contentDir)) === 'loaded') {
      app.log.info(`course content loaded from ${config.contentDir}`)
    }
    readiness.contentLoaded = true
    sweep()
    imports.schedule()
  })
  app.addHook('onClose', async () => {
    await Promise.all(unlisten.map((stop) => stop()))
    clearInterval(sweeper)
    imports.stop()
    await tasks.drain()
    await Promise.all([limiter.close(), mailer.close()])
  })

  registerSecurity(app)
  const pressure = registerPressure(app, {
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    maxQueueMs: config.maxQueueMs,
    maxAdmitWaitMs: config.maxAdmitWaitMs,
    concurrency: config.concurrency,
    requestTimeoutMs: config.requestTimeoutMs,
    maxDatabaseWaitMs: config.maxDatabaseWaitMs,
    databaseWaitingMs: () => database.waitingMs(),
    onShed: (reason) => metrics.shed.inc({ reason }),
    stopping: () => readiness.stopping,
    answersWhileStopping: (url) => url === `${API_PREFIX}/ready`,
  })
  readiness.inFlight = pressure.inFlight
  readiness.quietMs = pressure.quietMs
  metrics.gauge(
    'http_requests_in_flight',
    'Requests being answered or waiting for their turn now',
    pressure.inFlight,
  )
  metrics.gauge(
    'http_requests_queued',
    'Requests waiting for their turn now',
    () => pressure.admission.queued,
  )
  metrics.gauge(
    'http_concurrency_limit',
    'Requests run at once before others wait: follows their answer times',
    () => pressure.admission.limit.value,
  )
  metrics.gauge(
    'earnings_imports_running',
    'Earnings imports running on this instance',
    () => imports.runningCount,
  )
  metrics.gauge(
    'community_live_streams',
    'Live notification streams open on this instance',
    () => notifications.openStreams,
  )
  metrics.databaseUsage(() => database.usage())
  database.observeWaits((ms) => metrics.databaseWait.observe(ms / 1000))
  registerMetrics(app, metrics, config.metricsToken)
  if (config.eventLoopLogSeconds) logEventLoopLag(app, config.eventLoopLogSeconds)
  await registerApiReference(app)
  registerErrorHandling(app, (reason) => metrics.shed.inc({ reason }))
  await registerSpa(app, config.staticDir)

  systemRoutes(app)
  authRoutes(app)
  memberRoutes(app)
  noteRoutes(app)
  contentRoutes(app)
  eventRoutes(app)
  leadRoutes(app)
  supportRoutes(app)
  earningsRoutes(app)
  accountsRoutes(app)
  courseRoutes(app)
  certificateRoutes(app)
  checkRoutes(app)
  calendarFeedRoutes(app)
  momentumRoutes(app)
  reminderRoutes(app)
  insightRoutes(app)
  nicheRoutes(app, readNicheLibrary(config.contentDir))
  // The tools' content is read and checked once, at start; a broken file stops the start.
  const toolContent = readToolContent(config.contentDir)
  toolRoutes(app, toolContent)
  nicheItemRoutes(app)
  instagramBioRoutes(app, toolContent.bioTemplates)
  queueRoutes(app)
  aiRoutes(app)
  communityRoutes(app)
  notificationRoutes(app)

  return app
}
