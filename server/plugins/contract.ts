import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

import type {
  BodyOf,
  Endpoint,
  EndpointGroup,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../../api-schemas/contract'
import { API_PREFIX } from '../../api-schemas/index'
import { forbidden } from '../errors'
import type { AuthedMember } from '../services/auth'

export interface HandlerContext<E extends Endpoint> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  /** The caller, from the verified token; set for every endpoint that is not public. */
  member: E['access'] extends 'public' ? AuthedMember | undefined : AuthedMember
  req: FastifyRequest
  reply: FastifyReply
}

export type Handlers<G extends EndpointGroup> = {
  [K in keyof G]: (ctx: HandlerContext<G[K]>) => Promise<ResponseOf<G[K]>>
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthedMember | undefined
  }
  interface FastifyContextConfig {
    /** The contract entry a route serves; absent on routes outside the contract. */
    endpoint?: Endpoint
  }
}

/** Registers one endpoint group from the contract: validation, access and response schema. */
export function registerGroup<G extends EndpointGroup>(
  app: FastifyInstance,
  group: G,
  handlers: Handlers<G>,
) {
  for (const [name, endpoint] of Object.entries(group) as [keyof G & string, Endpoint][]) {
    const handler = handlers[name] as (ctx: HandlerContext<Endpoint>) => Promise<unknown>
    app.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: API_PREFIX + endpoint.path,
      config: { endpoint },
      schema: {
        summary: endpoint.summary,
        operationId: name,
        ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { [endpoint.status ?? 200]: endpoint.response },
      },
      // Before the body is even read: anonymous callers of member calls get 401 straight away.
      onRequest:
        endpoint.access === 'public'
          ? undefined
          : async (req) => {
              req.member = await app.services.auth.authenticate(bearerToken(req))
              if (endpoint.access === 'admin' && req.member.role !== 'admin') throw forbidden()
            },
      handler: async (req, reply) => {
        const result = await handler({
          params: req.params,
          query: req.query,
          body: req.body,
          member: req.member as AuthedMember,
          req,
          reply,
        })
        reply.code(endpoint.status ?? 200)
        return result
      },
    })
  }
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined
}
