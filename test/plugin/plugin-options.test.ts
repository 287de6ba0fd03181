import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { scenarioPlugin } from '../../src/plugin/index.js'
import { PROVIDED_KEY, type ProvidedOptions } from '../../src/plugin/provided.js'

/** The message scenarioPlugin() throws for `options`. */
function problem(options: unknown): string {
  try {
    scenarioPlugin(options as never)
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
): ProvidedOptions {
  const values = new Map<string, unknown>()
  scenarioPlugin(options).configureVitest({
    project: {
      config: {
        root: '/project',
        testTimeout: 5000,
        snapshotOptions: { updateSnapshot: update },
      },
      provide: (key, value) => values.set(key, value),
    },
  })
  return values.get(PROVIDED_KEY) as ProvidedOptions
}

describe('scenarioPlugin() options', () => {
  test('valid options reach the workers as JSON', () => {
    const options = provided(
      {
        model: { model: 'gpt-4.1-mini', baseURL: 'http://127.0.0.1:9/v1', temperature: 0 },
        parsingModel: { model: 'judge' },
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
      maxConcurrentCalls: 4,
      prices: { 'gpt-4.1-mini': { input: 0.4, output: 1.6 } },
      recordings: { dir: 'fixtures', allowSecrets: ['response.body.id'] },
      updateSnapshot: 'none',
      testTimeout: 5000,
    })
    expect(JSON.parse(JSON.stringify(options))).toEqual(options)
  })

  test("Vitest 4.0's boolean update state is read as new/all", () => {
    expect(provided({}, true).updateSnapshot).toBe('all')
    expect(provided({}, false).updateSnapshot).toBe('new')
    expect(provided({}, 'new').updateSnapshot).toBe('new')
  })

  test('an unknown key names the valid keys at its level', () => {
    expect(problem({ recording: {} })).toBe(
      [
        '[vitest-scenario] scenarioPlugin(options) has an invalid option',
        "  - unknown key 'recording' in options; valid keys: 'model', 'parsingModel', 'recordings', 'maxConcurrentCalls', 'turnTimeoutMs', 'prices'",
        'Fix them in vitest.config.ts; the README lists every option (section "Plugin options").',
      ].join('\n'),
    )
    expect(problem({ recordings: { folder: 'x' } })).toContain(
      "unknown key 'folder' in `recordings`; valid keys: 'dir', 'redact', 'allowSecrets'",
    )
    expect(problem({ prices: { m: { input: 1, output: 1, currency: 'EUR' } } })).toContain(
      "unknown key 'currency' in `prices.m`; valid keys: 'input', 'output', 'cached'",
    )
  })

  test('every bad value is listed, each with what is valid there', () => {
    const message = problem({
      model: { temperature: 'hot' },
      maxConcurrentCalls: 0,
      recordings: { dir: '', allowSecrets: 'response.body.id', redact: 'x' },
    })
    expect(message).toMatch(/has 6 invalid options/)
    expect(message).toContain('`model.model`: ')
    expect(message).toContain('`model.temperature`: ')
    expect(message).toContain('`maxConcurrentCalls`: an integer ≥ 1')
    expect(message).toContain('`recordings.dir`: a non-empty path relative to the Vitest root')
    expect(message).toContain(
      "`recordings.allowSecrets`: an array of JSON paths such as ['response.body.id']",
    )
    expect(message).toContain('`recordings.redact`: a function (value, jsonPath) => string')
  })

  test('an API key in the config is refused: it comes from the environment', () => {
    expect(problem({ model: { model: 'm', apiKey: 'sk-test-not-a-key' } })).toContain(
      "unknown key 'apiKey' in `model`; valid keys: 'model', 'baseURL', 'temperature', 'maxTokens', 'systemPrompt' (the API key comes from OPENAI_API_KEY in the environment)",
    )
  })

  test('a base URL must be absolute', () => {
    expect(problem({ model: { model: 'm', baseURL: 'localhost:8080' } })).toContain(
      '`model.baseURL`: an absolute http(s) URL such as "http://127.0.0.1:8080/v1"',
    )
  })

  test('options that are not an object are refused', () => {
    expect(problem('gpt-4.1')).toMatch(
      /scenarioPlugin\(options\) has an invalid option\n {2}- options: /,
    )
  })
})
