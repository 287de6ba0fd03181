import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { HostOptions } from '../../../src/hosts/core/host-options.js'
import { resolveHostOptions } from '../../../src/hosts/core/host-options.js'
import type { HostTest } from '../../../src/hosts/core/host-test.js'
import { checkPluginOptions } from '../../../src/hosts/core/plugin-options.js'
import { runHostTest } from '../../../src/hosts/core/run-host-test.js'
import { runScenarioBody } from '../../../src/hosts/core/run-scenario-body.js'
import type { RecordingMode } from '../../../src/recordings/mode.js'
import { recordingTestId } from '../../../src/recordings/test-id.js'
import { END, type Scenario } from '../../../src/scenario/index.js'
import type { ScenarioExecutionResult } from '../../../src/state/types.js'
import { type ScriptedServer, startOpenAIServer } from '../../support/openai-server/index.js'

// A candidate's `fork: 2` end to end through the host core, against two scripted OpenAI servers
// on 127.0.0.1: the first two turns replay the baseline's recording (its server and the
// candidate's see none of them), the third goes to the candidate's server with the baseline's
// answers in its history, and only that turn lands in the candidate's recording.

let root: string
let baseline: ScriptedServer
let candidate: ScriptedServer

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vs-fork-'))
  baseline = await startOpenAIServer()
  candidate = await startOpenAIServer()
  vi.stubEnv('OPENAI_API_KEY', 'test-key-fake-fork')
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await Promise.all([baseline.close(), candidate.close()])
  rmSync(root, { recursive: true, force: true })
})

const FILE = () => join(root, 'fork.test.ts')

function options(name: string | undefined, fork = 2): HostOptions {
  const checked = checkPluginOptions({
    model: { model: 'base-model', baseURL: baseline.baseURL },
    candidates: { next: { model: { model: 'next-model', baseURL: candidate.baseURL }, fork } },
  })
  return resolveHostOptions(checked, { root, modeOverride: undefined, candidate: name })
}

const threeTurns = (s: Scenario) => {
  s.addNode('q0', { question: 'Which drug inhibits BCL-2?' })
    .addNode('q1', { question: 'Are you sure?' })
    .addNode('q2', { question: 'Say it in one word.' })
    .addEdge('q0', 'q1')
    .addEdge('q1', 'q2')
    .addEdge('q2', END)
    .setEntry('q0')
}

interface Ran {
  result: ScenarioExecutionResult | undefined
  candidate: string | undefined
  failed: boolean
  error: unknown
}

async function runTest(
  name: string,
  mode: RecordingMode,
  defaults: HostOptions,
  model?: unknown,
): Promise<Ran> {
  const ran: Ran = { result: undefined, candidate: 'unset', failed: false, error: undefined }
  const hostTest: HostTest = {
    id: {},
    names: [name],
    file: FILE(),
    mode,
    allTestIds: () => undefined,
    annotate: () => {},
  }
  const settings = {
    root,
    candidate: defaults.candidate?.name,
    rerecordCommand: (file: string) => `npx vitest run ${file} -u`,
  }
  const outcome = await runHostTest(
    hostTest,
    settings,
    { allowNetwork: undefined, allowFix: 'x' },
    (recordings) =>
      runScenarioBody(
        {
          name,
          context: {},
          signal: undefined,
          defaults,
          noModelFix: 'set a model',
          expect: (value) => expect(value),
          recording: () => recordings.main(),
          gate: { check() {} },
          inSample: (i, fn) => recordings.inSample(i, fn),
          baseline: (i) => recordings.baseline(i),
          annotate: () => {},
        },
        model === undefined ? {} : { model: model as never },
        threeTurns,
        async ({ run, candidate: named }) => {
          ran.candidate = named
          ran.result = (await run()) as ScenarioExecutionResult
        },
        [],
      ),
  )
  ran.failed = outcome.failed
  ran.error = outcome.error
  return ran
}

const answers = (result: ScenarioExecutionResult | undefined) =>
  result?.history.map((turn) => turn.rawResponse)

const baselineFile = (name: string) =>
  join(root, '__recordings__', 'fork.test.ts', `${recordingTestId([name])}.json`)
const candidateFile = (name: string) =>
  join(
    root,
    '__recordings__',
    '.candidates',
    'next',
    'fork.test.ts',
    `${recordingTestId([name])}.json`,
  )

describe('a candidate with fork: 2', () => {
  test('replays turns 0 and 1 from the baseline, goes live at turn 2, and replays offline after', async () => {
    baseline.reply(
      { content: 'Venetoclax.' },
      { content: 'Yes, venetoclax.' },
      { content: 'Venetoclax' },
    )
    const recorded = await runTest('forks', 'new', options(undefined))
    expect(recorded.failed, String(recorded.error)).toBe(false)
    expect(recorded.candidate).toBeUndefined()
    expect(baseline.requests).toHaveLength(3)
    const before = readFileSync(baselineFile('forks'))

    candidate.reply({ content: 'VENETOCLAX' })
    const forked = await runTest('forks', 'new', options('next'))
    expect(forked.failed, String(forked.error)).toBe(false)
    expect(forked.candidate).toBe('next')
    expect(answers(forked.result)).toEqual(['Venetoclax.', 'Yes, venetoclax.', 'VENETOCLAX'])
    // Neither server saw turns 0 and 1 again: the baseline's recording answered them.
    expect(baseline.requests).toHaveLength(3)
    expect(candidate.requests).toHaveLength(1)
    const body = candidate.requests[0]?.body as {
      model: string
      messages: { role: string; content: string }[]
    }
    expect(body.model).toBe('next-model')
    expect(body.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Which drug inhibits BCL-2?'],
      ['assistant', 'Venetoclax.'],
      ['user', 'Are you sure?'],
      ['assistant', 'Yes, venetoclax.'],
      ['user', 'Say it in one word.'],
    ])
    // The candidate's recording holds turn 2's call alone; the baseline's bytes are unchanged.
    const written = JSON.parse(readFileSync(candidateFile('forks'), 'utf8')) as {
      interactions: unknown[]
    }
    expect(written.interactions).toHaveLength(1)
    expect(readFileSync(baselineFile('forks')).equals(before)).toBe(true)

    // Replayed: no request reaches either server, every answer comes from the two recordings.
    const count = [baseline.requests.length, candidate.requests.length]
    const replayed = await runTest('forks', 'replay', options('next'))
    expect(replayed.failed, String(replayed.error)).toBe(false)
    expect(answers(replayed.result)).toEqual(['Venetoclax.', 'Yes, venetoclax.', 'VENETOCLAX'])
    expect([baseline.requests.length, candidate.requests.length]).toEqual(count)
    expect(readFileSync(baselineFile('forks')).equals(before)).toBe(true)
    expect(readdirSync(join(root, '__recordings__', 'fork.test.ts'))).toEqual([
      `${recordingTestId(['forks'])}.json`,
    ])
  })

  test('without a baseline recording the turn fails with a recording error saying to record it first', async () => {
    const before = candidate.requests.length
    const ran = await runTest('no baseline', 'new', options('next'))
    expect(ran.result?.status).toBe('error')
    const error = ran.result?.error
    expect(error?.category).toBe('recording')
    expect(error?.message).toMatch(/Record the baseline first/)
    expect(candidate.requests.length).toBe(before)
    expect(existsSync(baselineFile('no baseline'))).toBe(false)
  })

  test('an agent function answering side is refused', async () => {
    const ran = await runTest('agent', 'new', options('next'), () => 'an answer')
    expect(ran.failed).toBe(true)
    expect(String(ran.error)).toMatch(
      /\[vitest-scenario\] Scenario 'agent' cannot fork from the baseline/,
    )
  })
})
