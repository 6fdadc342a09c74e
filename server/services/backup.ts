import { once } from 'node:events'
import {
  closeSync,
  createWriteStream,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * A backup of the embedded database is one file: a first line that names it and carries the
 * server's secrets (without them the members' sealed network keys could not be opened again),
 * then the database's files as PGlite dumps them (a gzipped tar).
 */
const MAGIC = 'members-area-backup 1'

export interface BackupHead {
  createdAt: string
  secrets: { jwtSecret: string; earningsKey: string }
  bytes: number
}

/** The head line and the dump, as one stream. */
export function backupStream(dump: Blob, secrets: BackupHead['secrets']): Readable {
  const head: BackupHead = { createdAt: new Date().toISOString(), secrets, bytes: dump.size }
  async function* parts() {
    yield Buffer.from(`${MAGIC} ${JSON.stringify(head)}\n`)
    yield* Readable.fromWeb(dump.stream() as never)
  }
  return Readable.from(parts())
}

/** Writes a backup to `file` whole or not at all: a half-written file never takes its name. */
export async function saveBackup(source: Readable, file: string) {
  const partial = `${file}.partial`
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }))
    const head = readHead(partial)
    if (!head) throw new Error('the backup came back incomplete')
    renameSync(partial, file)
    return head
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}

function readHead(file: string): { head: BackupHead; offset: number } | null {
  const fd = openSync(file, 'r')
  const buffer = Buffer.alloc(64 * 1024)
  const start = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
  closeSync(fd)
  const end = start.indexOf(10)
  if (end < 0) return null
  const line = start.subarray(0, end).toString('utf8')
  if (!line.startsWith(`${MAGIC} `)) return null
  const head = JSON.parse(line.slice(MAGIC.length + 1)) as BackupHead
  return { head, offset: end + 1 }
}

/** A backup file's head and its database dump; throws a plain message for anything else. */
export function openBackup(file: string): { head: BackupHead; dump: Blob } {
  if (!existsSync(file)) throw new Error(`There is no file ${file}`)
  const found = readHead(file)
  if (!found) throw new Error(`${file} is not a Members Area backup`)
  const bytes = readFileSync(file).subarray(found.offset)
  if (bytes.length !== found.head.bytes) {
    throw new Error(`${file} is cut short: ${bytes.length} of ${found.head.bytes} bytes`)
  }
  return { head: found.head, dump: new Blob([bytes]) }
}

/** Where a running embedded server takes backup requests: a socket only its owner can open. */
export const controlSocket = (dataDir: string) => join(dataDir, 'control.sock')

/**
 * Lets `npm run admin -- backup` reach a running embedded server, which alone may read its
 * database: on the control socket, the line `backup` answers with a backup.
 */
export async function serveBackups(
  dataDir: string,
  backup: () => Promise<Readable>,
  log: { error: (o: object, msg: string) => void },
): Promise<() => Promise<void>> {
  const path = controlSocket(dataDir)
  rmSync(path, { force: true })
  const server: Server = createServer((socket: Socket) => {
    socket.once('data', (data) => {
      if (data.toString('utf8').trim() !== 'backup') {
        socket.end('unknown command\n')
        return
      }
      backup()
        .then((stream) => pipeline(stream, socket))
        .catch((err: unknown) => {
          log.error({ err }, 'a backup failed')
          socket.destroy()
        })
    })
    socket.on('error', () => undefined)
  })
  server.listen({ path, readableAll: false, writableAll: false })
  await once(server, 'listening')
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    rmSync(path, { force: true })
  }
}

/** A backup from the server running on `dataDir`, or null when none is listening there. */
export async function backupFromServer(dataDir: string): Promise<Readable | null> {
  const path = controlSocket(dataDir)
  if (!existsSync(path)) return null
  const socket = connect({ path })
  try {
    await once(socket, 'connect')
  } catch {
    return null
  }
  socket.write('backup\n')
  return socket
}
