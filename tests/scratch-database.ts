import { randomBytes } from 'node:crypto'

import pg from 'pg'

/**
 * A PostgreSQL database of its own for one test file or benchmark, made on the server at
 * `serverUrl` (which must allow `create database`); `drop()` removes it with whatever is still
 * connected to it.
 */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  /** One statement on the server's own database, on a connection of its own. */
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
    await client.connect()
    try {
      return await client.query(text)
    } finally {
      await client.end()
    }
  }
  await sql(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    sql,
    drop: () => sql(`drop database if exists ${name} with (force)`),
  }
}
