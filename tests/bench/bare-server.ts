import Fastify from 'fastify'

/** The baseline: bare Fastify answering one static JSON route, nothing else. */
const app = Fastify({ logger: false })
app.get('/static', async () => ({ role: 'member' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
