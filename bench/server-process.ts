// Runs the test suite's scripted OpenAI-compatible server in a child process, so its CPU work
// does not compete with the library's in the measured process: the live benchmarks measure the
// library, not the mock. The server is TypeScript; its files are transpiled once into
// test-results/ (their imports already end in `.js`) and started with `fork`.
import { type ChildProcess, fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { OpenAIServerOptions } from '../test/support/openai-server/index.js'
import { transpileScriptedServer } from './transpile-server.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = join(root, 'test-results/bench-server')

/** What the child reports about the requests it answered. */
export interface ServerStats {
  requests: number
  byStatus: Record<string, number>
  maxInFlight: number
}

/** A scripted server in a child process. */
export interface ServerProcess {
  baseURL: string
  stats(): Promise<ServerStats>
  close(): Promise<void>
}

function transpile(): void {
  transpileScriptedServer(outDir)
  writeFileSync(
    join(outDir, 'child.js'),
    `import { startOpenAIServer } from './index.js'
const { options, reply } = JSON.parse(process.argv[2])
const answers = {
  // Judge requests ask for structured output: JSON; the others get text.
  judged: (request) => request.body?.response_format === undefined
    ? { content: 'Venetoclax, a BCL-2 inhibitor.', usage: { promptTokens: 30, completionTokens: 8 } }
    : { json: { drug: 'Venetoclax' }, usage: { promptTokens: 60, completionTokens: 5 } },
  plain: { content: 'ok', usage: { promptTokens: 5, completionTokens: 1 } },
}
const server = await startOpenAIServer({ ...options, defaultReply: answers[reply] })
process.on('message', async (message) => {
  if (message === 'stats') {
    const byStatus = {}
    for (const r of server.requests) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1
    process.send({ requests: server.requests.length, byStatus, maxInFlight: server.maxInFlight })
  } else if (message === 'close') {
    await server.close()
    process.exit(0)
  }
})
process.send({ baseURL: server.baseURL })
`,
  )
}

let transpiled = false

/** Starts the scripted server in a child process with `options` and a named reply. */
export async function startServerProcess(
  options: Omit<OpenAIServerOptions, 'defaultReply'>,
  reply: 'judged' | 'plain',
): Promise<ServerProcess> {
  if (!transpiled) {
    transpile()
    transpiled = true
  }
  const child: ChildProcess = fork(join(outDir, 'child.js'), [JSON.stringify({ options, reply })], {
    stdio: 'inherit',
  })
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)))
  const { baseURL } = await next<{ baseURL: string }>()
  return {
    baseURL,
    stats: () => {
      const answer = next<ServerStats>()
      child.send('stats')
      return answer
    },
    close: () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.send('close')
      return exited
    },
  }
}
