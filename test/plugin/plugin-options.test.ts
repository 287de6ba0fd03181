import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { scenarioPlugin } from '../../src/hosts/vitest/plugin/index.js'
import { PROVIDED_KEY, type ProvidedOptions } from '../../src/hosts/vitest/plugin/provided.js'

/** The message scenarioPlugin() throws for `options` (or, with `root`, configureVitest). */
function problem(options: unknown, root = '/project'): string {
  try {
    provided(options as Parameters<typeof scenarioPlugin>[0], 'new', root)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError)
    return (error as Error).message
  }
  throw new Error('scenarioPlugin() accepted the options')
}

/** What the plugin hands to the workers for `options`. */
function provided(
  options: Parameters<typeof scenarioPlugin>[0],
  update?: unknown,
  root = '/project',
): ProvidedOptions {
  const values = new Map<string, unknown>()
  scenarioPlugin(options).configureVitest({
    project: {
      config: { root, testTimeout: 5000, snapshotOptions: { updateSnapshot: update } },
      provide: (key, value) => values.set(key, value),
    },
  })
  return values.get(PROVIDED_KEY) as ProvidedOptions
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('scenarioPlugin() options', () => {
  test('valid options reach the workers resolved, as JSON', () => {
    const options = provided(
      {
        model: { model: 'gpt-4.1-mini', baseURL: 'http://127.0.0.1:9/v1', temperature: 0 },
        parsingModel: { model: 'judge' },
        userModel: { model: 'simulator', temperature: 1 },
        maxConcurrentCalls: 4,
        prices: { 'gpt-4.1-mini': { input: 0.4, output: 1.6 } },
        recordings: { dir: 'fixtures', allowSecrets: ['response.body.id'] },
      },
      'none',
    )
    expect(options).toEqual({
      root: '/project',
      model: { model: 'gpt-4.1-mini', baseURL: 'http://127.0.0.1:9/v1', temperature: 0 },
      parsingModel: { model: 'judge' },
      userModel: { model: 'simulator', temperature: 1 },
      maxConcurrentCalls: 4,
      prices: { 'gpt-4.1-mini': { input: 0.4, output: 1.6 } },
      recordings: { dir: 'fixtures', allowSecrets: ['response.body.id'] },
      updateState: 'none',
      mode: 'replay',
      testTimeout: 5000,
    })
    expect(JSON.parse(JSON.stringify(options))).toEqual(options)
  })

  test('defaults are resolved once: 8 calls per worker, the mode of the update state', () => {
    expect(provided({}, 'new')).toMatchObject({ maxConcurrentCalls: 8, mode: 'new' })
    expect(provided({}, 'all')).toMatchObject({ updateState: 'all', mode: 'all' })
  })

  test("Vitest 4.0's boolean update state is read as new/all", () => {
    expect(provided({}, true).updateState).toBe('all')
    expect(provided({}, false).updateState).toBe('new')
    expect(provided({}, 'new').updateState).toBe('new')
  })

  test('VITEST_SCENARIO_RECORD is read once, in the main process, and wins over the update state', () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'rerecord')
    const plugin = scenarioPlugin({})
    // Changing the variable afterwards changes nothing: the workers get what the plugin read.
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'off')
    const values = new Map<string, unknown>()
    plugin.configureVitest({
      project: {
        config: { root: '/p', snapshotOptions: { updateSnapshot: 'none' } },
        provide: (key, value) => values.set(key, value),
      },
    })
    expect(values.get(PROVIDED_KEY)).toMatchObject({ modeOverride: 'rerecord', mode: 'rerecord' })
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'none')
    expect(provided({}, 'new')).toMatchObject({ modeOverride: 'replay', mode: 'replay' })
  })

  test('an unknown VITEST_SCENARIO_RECORD stops the run when the plugin is made', () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'sometimes')
    expect(() => scenarioPlugin({})).toThrow(
      "Unknown recording mode 'sometimes' in VITEST_SCENARIO_RECORD",
    )
  })

  test('an unknown key names the valid keys at its level', () => {
    expect(problem({ recording: {} })).toBe(
      [
        '[vitest-scenario] scenarioPlugin(options) has an invalid option',
        "  - unknown key 'recording' in options; valid keys: 'model', 'parsingModel', 'userModel', 'recordings', 'maxConcurrentCalls', 'turnTimeoutMs', 'prices', 'budget', 'allowNetwork', 'candidates', 'failOn'",
        'Fix them in vitest.config.ts; every option is listed in node_modules/vitest-scenario/docs/reference/options.md#plugin-options',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument',
      ].join('\n'),
    )
    expect(problem({ recordings: { folder: 'x' } })).toContain(
      "unknown key 'folder' in `recordings`; valid keys: 'dir', 'redact', 'allowSecrets'",
    )
    expect(problem({ prices: { m: { input: 1, output: 1, currency: 'EUR' } } })).toContain(
      "unknown key 'currency' in `prices.m`; valid keys: 'input', 'output', 'cached'",
    )
  })

  test('every bad value is listed, each with what is valid there and what it got', () => {
    const message = problem({
      model: { temperature: 'hot' },
      maxConcurrentCalls: 0,
      recordings: { dir: '', allowSecrets: 'response.body.id', redact: 7 },
    })
    expect(message).toMatch(/has 6 invalid options/)
    expect(message).toContain('`model.model`: ')
    expect(message).toContain("`model.temperature`: a number from 0 to 2, got 'hot'")
    expect(message).toContain('`maxConcurrentCalls`: an integer ≥ 1, got 0')
    expect(message).toContain(
      "`recordings.dir`: a non-empty path relative to the Vitest root, got ''",
    )
    expect(message).toContain(
      "`recordings.allowSecrets`: an array of JSON paths such as ['response.body.id']",
    )
    expect(message).toContain(
      "`recordings.redact`: a module path relative to the Vitest root, e.g. './test/redact.ts', got 7",
    )
  })

  test('an API key in the config is refused: it comes from the environment', () => {
    expect(problem({ model: { model: 'm', apiKey: 'sk-test-not-a-key' } })).toContain(
      "unknown key 'apiKey' in `model`; valid keys: 'model', 'api', 'baseURL', 'temperature', 'maxTokens', 'systemPrompt' (the API key comes from OPENAI_API_KEY in the environment)",
    )
  })

  test('a live model (an aiSdkModel driver, a client) is refused with where it goes instead', () => {
    const driver = { name: 'ai-sdk:openai.chat', complete: async () => ({}) }
    expect(problem({ parsingModel: { model: 'm', driver } })).toContain(
      "unknown key 'driver' in `parsingModel`; valid keys: 'model', 'api', 'baseURL', 'temperature', 'maxTokens', 'systemPrompt' (plugin options cross to the workers as JSON: pass a client or an aiSdkModel(…) in scenario() or runScenario options)",
    )
  })

  test('a base URL must be absolute', () => {
    expect(problem({ model: { model: 'm', baseURL: 'localhost:8080' } })).toContain(
      '`model.baseURL`: an absolute http(s) URL such as "http://127.0.0.1:8080/v1"',
    )
  })

  test('options that are not an object are refused', () => {
    expect(problem('gpt-4.1')).toMatch(
      /scenarioPlugin\(options\) has an invalid option\n {2}- options: an options object .*, got 'gpt-4.1'/,
    )
  })
})

describe('recordings.redact names a module', () => {
  test('a function is refused at once, with the exact fix', () => {
    const message = problem({ recordings: { redact: (value: string) => value } })
    expect(message).toContain(
      '`recordings.redact`: a module path, not a function: a function cannot reach the test workers.',
    )
    expect(message).toContain("write `recordings: { redact: './test/redact.ts' }`")
    expect(message).toContain('export default (value: string, jsonPath: string) =>')
  })

  test('the module is resolved against the Vitest root and handed over as an absolute path', () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-scenario-plugin-'))
    mkdirSync(join(root, 'test'))
    writeFileSync(join(root, 'test/redact.ts'), 'export default (value: string) => value\n')
    const options = provided({ recordings: { redact: './test/redact.ts' } }, 'new', root)
    expect(options.recordings.redactModule).toBe(join(root, 'test/redact.ts'))
  })

  test('a module that does not exist stops the run when Vitest starts', () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-scenario-plugin-'))
    const message = problem({ recordings: { redact: './test/missing.ts' } }, root)
    expect(message).toContain(
      `\`recordings.redact\`: a module that exists (looked for ${join(root, 'test/missing.ts')}, against the Vitest root ${root}), got './test/missing.ts'`,
    )
  })
})
