import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1]

/** Log lines never carry a query string or a sign-in link's token. */
const redactUrl = (url: string) =>
  (url.split('?')[0] ?? '').replace(/(\/auth\/login\/verify\/)[^/]+/, '$1[redacted]')

/** Pino's levels: a logger writes the lines at its level and above. */
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
}

type LoggingOptions = Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory'>

/** The server's log: JSON lines, readable ones at a terminal. */
export function loggingOptions(level: string): LoggingOptions {
  const logger = {
    level,
    // A person at a terminal gets readable lines; anything else (files, collectors) gets JSON.
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' },
          },
        }
      : {}),
    serializers: {
      req: (req: { method: string; url: string; ip: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  }
  return {
    logger,
    // Above `info` nothing is logged of a request that goes well: its logger (the parent's, with
    // the request id) is made once it has a line to write, not for every request.
    childLoggerFactory: (parent, bindings, options) => new RequestLogger(parent, bindings, options),
  }
}

type Level = Exclude<LogLevel, 'silent'>

/** A request's logger, made from its parent on first use. */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger() {
    return (this.made ??= this.parent.child(this.bindings, this.options))
  }

  private write(level: Level, args: unknown[]) {
    if (!this.made) {
      const threshold = LEVELS[this.options?.level ?? this.parent.level]
      if (threshold !== undefined && LEVELS[level]! < threshold) return
    }
    const logger = this.logger
    ;(logger[level] as (...args: unknown[]) => void).apply(logger, args)
  }

  get level() {
    return (this.made ?? this.parent).level
  }

  set level(level: string) {
    this.logger.level = level
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args)
  }

  error(...args: unknown[]) {
    this.write('error', args)
  }

  warn(...args: unknown[]) {
    this.write('warn', args)
  }

  info(...args: unknown[]) {
    this.write('info', args)
  }

  debug(...args: unknown[]) {
    this.write('debug', args)
  }

  trace(...args: unknown[]) {
    this.write('trace', args)
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options)
  }
}
