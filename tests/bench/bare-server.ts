import Fastify from 'fastify'

/**
 * The baseline: bare Fastify answering static JSON, nothing else: a tiny object on /static, and
 * on /same the body the bench passes in BARE_BODY (the notes list, so the bytes sent are equal).
 */
const app = Fastify({ logger: false })
app.get('/static', async () => ({ role: 'member' }))
const same: unknown = JSON.parse(process.env.BARE_BODY || 'null')
app.get('/same', async () => same)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
