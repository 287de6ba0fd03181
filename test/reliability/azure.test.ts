import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import type OpenAI from 'openai'
import { AzureOpenAI } from 'openai'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { END, type RunOptions, runScenario as runWith, Scenario } from '../../src/core.js'
import type { AgentFunction } from '../../src/models/types.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { wrap as wrapWith } from '../../src/recordings/wrap.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { repoRoot, resultsDir } from '../support/paths.js'

// `AzureOpenAI` clients, the real class from the installed `openai` package, against the scripted
// server on 127.0.0.1: calls go to /openai/deployments/<deployment>/chat/completions?api-version=…
// with an `api-key` header. Wrapping a client (by `wrap()`, or as a model config's `client`)
// keeps every option it was built with.

const KEY = 'test-key-fake-azure'
const API_VERSION = '2024-10-21'
const runDir = join(resultsDir, 'reliability-azure', String(process.pid))

let server: ScriptedServer
let recorder: RecordingSession | undefined
let folder: string

beforeAll(async () => {
  server = await startOpenAIServer({ apiKey: KEY })
})
afterAll(async () => {
  await server.close()
  rmSync(runDir, { recursive: true, force: true })
})
beforeEach(() => {
  server.reset()
  // The client's own apiVersion must be what is sent, whatever the environment says.
  vi.stubEnv('OPENAI_API_VERSION', '')
  recorder = undefined
  mkdirSync(runDir, { recursive: true })
  folder = mkdtempSync(join(runDir, 'case-'))
})
afterEach(() => {
  vi.unstubAllEnvs()
})

/** The scripted server's origin: what an Azure resource's `endpoint` is. */
const endpoint = () => new URL(server.baseURL).origin

const azure = (options: { deployment?: string } = {}) =>
  new AzureOpenAI({ endpoint: endpoint(), apiKey: KEY, apiVersion: API_VERSION, ...options })

const oneTurn = () =>
  new Scenario('azure')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

const recordingFile = () => join(folder, 'azure.json')

// As the Vitest host does for each test: the run and the wrapped clients answer through the
// test's session (`recorder`, when the test made one).
const runScenario = (definition: Parameters<typeof runWith>[0], options: RunOptions) =>
  runWith(definition, { ...options, recording: recorder })
const wrap = <T extends object>(client: T): T => wrapWith(client, () => recorder)

function useRecorder(mode: Exclude<RecordingMode, 'off'>): RecordingSession {
  const rec = new RecordingSession({
    file: recordingFile(),
    displayFile: relative(repoRoot, recordingFile()),
    test: 'azure > case',
    mode,
    command: 'npx vitest run test/reliability/azure.test.ts',
  })
  recorder = rec
  return rec
}

describe('an AzureOpenAI client as the model config client', () => {
  test('calls the deployment with the api-version and the api-key header', async () => {
    server.reply({ content: 'Venetoclax.' })
    const result = await runScenario(oneTurn(), { model: { model: 'gpt-4o', client: azure() } })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(server.requests[0]).toMatchObject({
      path: '/openai/deployments/gpt-4o/chat/completions',
      query: `api-version=${API_VERSION}`,
      authorization: 'matched',
    })
  })

  test('keeps the deployment the client was built with', async () => {
    server.reply({ content: 'Venetoclax.' })
    const client = azure({ deployment: 'my-deployment' })
    const result = await runScenario(oneTurn(), { model: { model: 'gpt-4o', client } })
    expect(result.status).toBe('completed')
    expect(server.requests[0]?.path).toBe('/openai/deployments/my-deployment/chat/completions')
  })

  test('records, then replays with no request to the server', async () => {
    const recording = useRecorder('new')
    server.reply({ content: 'Venetoclax.' })
    const first = await runScenario(oneTurn(), { model: { model: 'gpt-4o', client: azure() } })
    expect(first.status).toBe('completed')
    expect(await recording.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(readFileSync(recordingFile(), 'utf8')).not.toContain(KEY)

    server.reset()
    const replaying = useRecorder('replay')
    const again = await runScenario(oneTurn(), { model: { model: 'gpt-4o', client: azure() } })
    expect(again.status).toBe('completed')
    expect(again.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(server.requests).toHaveLength(0)
    expect(await replaying.finish(false)).toMatchObject({ replayed: 1, misses: 0 })
  })

  test('a failing call keeps its own category, never `agent`', async () => {
    server.reply({ status: 404, message: 'The API deployment for this resource does not exist.' })
    const result = await runScenario(oneTurn(), { model: { model: 'gpt-4o', client: azure() } })
    expect(result.error).toMatchObject({ category: 'unexpected', stage: 'answer' })
    expect(result.error?.message).toContain(`at ${endpoint()}/openai`)
  })
})

describe('wrap() of an AzureOpenAI client', () => {
  test('keeps apiVersion, deployment and every other option', () => {
    const client = azure({ deployment: 'my-deployment' })
    const copy = wrap(client)
    expect(copy).not.toBe(client)
    expect(copy.apiVersion).toBe(API_VERSION)
    expect(copy.deploymentName).toBe('my-deployment')
    expect(copy.baseURL).toBe(client.baseURL)
    expect(copy.apiKey).toBe(KEY)
  })

  test('an agent calling through the wrapped client is recorded and replayed', async () => {
    const client = wrap(azure())
    const agent: AgentFunction = async (conversation, context) => {
      const completion = await client.chat.completions.create(
        { model: 'gpt-4o', messages: conversation as OpenAI.ChatCompletionMessageParam[] },
        { signal: context.signal },
      )
      return completion.choices[0]?.message.content ?? ''
    }
    const recording = useRecorder('new')
    server.reply({ content: 'Venetoclax.' })
    expect((await runScenario(oneTurn(), { model: agent })).status).toBe('completed')
    await recording.finish(false)
    expect(existsSync(recordingFile())).toBe(true)

    server.reset()
    useRecorder('replay')
    const again = await runScenario(oneTurn(), { model: agent })
    expect(again.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(server.requests).toHaveLength(0)
  })
})
