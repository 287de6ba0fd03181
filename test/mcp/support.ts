import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { RecordingSession } from '../../src/recordings/session.js'
import type { MemoryStore } from '../../src/recordings/store.js'
import { repoRoot } from '../support/paths.js'

/** The fixture server's script (run with `process.execPath … stdio`). */
export const SERVER_SCRIPT = join(repoRoot, 'test/mcp/fixtures/weather-server.mjs')

type ServerModule = {
  buildServer: () => import('@modelcontextprotocol/sdk/server/mcp.js').McpServer
}

/** The fixture's `buildServer` (a plain .mjs module). */
export async function buildServer(): Promise<ReturnType<ServerModule['buildServer']>> {
  const module = (await import(SERVER_SCRIPT)) as ServerModule
  return module.buildServer()
}

/** A client connected to a fresh fixture server through an in-memory linked pair. */
export async function inMemoryClient(): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await (await buildServer()).connect(serverSide)
  const client = new Client({ name: 'tests', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

/** A client that spawns the fixture server over stdio; `log` receives a line per spawn. */
export async function stdioClient(log: string): Promise<Client> {
  const client = new Client({ name: 'tests', version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_SCRIPT, 'stdio'],
      env: { MCP_FIXTURE_SPAWN_LOG: log, PATH: process.env.PATH ?? '' },
      stderr: 'ignore',
    }),
  )
  return client
}

/** The fixture served over streamable HTTP on 127.0.0.1 (stateless: a server per POST). */
export interface HttpMcp {
  url: URL
  /** How many POSTs reached it. */
  readonly posts: number
  close(): Promise<void>
}

/** Starts the fixture over streamable HTTP on a free port of 127.0.0.1. */
export async function startHttpServer(): Promise<HttpMcp> {
  let posts = 0
  const http: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url?.startsWith('/mcp') !== true) {
      res.writeHead(405).end()
      return
    }
    posts += 1
    const server = await buildServer()
    // No session id generator: stateless, a transport per request.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    get posts() {
      return posts
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections()
        http.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** A client of the fixture's HTTP endpoint at `url`. */
export async function httpClient(url: URL): Promise<Client> {
  const client = new Client({ name: 'tests', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(url))
  return client
}

/** A session of one test's recording in `store`. */
export function session(store: MemoryStore, mode: Exclude<RecordingMode, 'off'>): RecordingSession {
  return new RecordingSession({
    file: '/rec/mcp.json',
    displayFile: 'mcp.json',
    test: 'mcp',
    mode,
    command: 'npx vitest run mcp.test.ts -t mcp -u',
    store,
  })
}
