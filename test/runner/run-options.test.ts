import { describe, expect, test } from 'vitest'
import {
  createLimiter,
  END,
  InvalidArgumentError,
  type ModelConfig,
  runScenario,
  Scenario,
  scriptedModel,
} from '../../src/core.js'
import { checkPluginOptions } from '../../src/hosts/core/plugin-options.js'
import { checkScenarioOptions } from '../../src/hosts/core/scenario-options.js'
import { parseOptions } from '../../src/internal/options-schema.js'
import { processLimiter } from '../../src/models/limiter.js'
import { checkReporterOptions } from '../../src/reporter/reporter-options.js'
import { resolveRunOptions, runOptionsSchema } from '../../src/runner/run-options.js'

const oneTurn = () =>
  new Scenario('one')
    .addNode('ask', { question: 'q' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

/** The message a call throws (an InvalidArgumentError). */
function messageOf(call: () => unknown): string {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError)
    return (error as Error).message
  }
  throw new Error('accepted')
}

/** A stand-in `openai` client that answers `content` and counts the calls. */
function client(content = 'Venetoclax.') {
  const calls = { count: 0 }
  return {
    calls,
    chat: {
      completions: {
        create: async () => {
          calls.count++
          return {
            id: 'chatcmpl-options',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
          }
        },
      },
    },
  }
}

describe('a model config is checked the same everywhere', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    [
      'a temperature above 2',
      { model: 'm', temperature: 5 },
      '`model.temperature`: a number from 0 to 2, got 5',
    ],
    [
      'a base URL that is no http(s) URL',
      { model: 'm', baseURL: 'not a url' },
      '`model.baseURL`: an absolute http(s) URL such as "http://127.0.0.1:8080/v1", got \'not a url\'',
    ],
    ['an empty model name', { model: '' }, '`model.model`: the model name the endpoint serves'],
    ['maxTokens 0', { model: 'm', maxTokens: 0 }, '`model.maxTokens`: an integer ≥ 1, got 0'],
  ]

  test.each(bad)('runScenario refuses %s, as the plugin does', (_, model, line) => {
    // Before one schema, runScenario took `temperature: 5` and `baseURL: 'not a url'`.
    expect(
      messageOf(() => resolveRunOptions(oneTurn(), { model: model as ModelConfig })),
    ).toContain(line)
    expect(messageOf(() => checkPluginOptions({ model }))).toContain(line)
    expect(messageOf(() => checkScenarioOptions({ model }, 'sc'))).toContain(line)
  })

  test('a node override is any part of a model config, with the same rules', () => {
    const override = (answering: Record<string, unknown>) => () =>
      new Scenario('s').addNode('a', { question: 'q', modelOverride: { answering } })
    expect(override({ temperature: 1 })).not.toThrow()
    expect(messageOf(override({ temperature: 5 }))).toContain(
      '`temperature`: a number from 0 to 2, got 5',
    )
    expect(messageOf(override({ baseURL: 'not a url' }))).toContain(
      '`baseURL`: an absolute http(s) URL',
    )
    expect(messageOf(override({ temprature: 1 }))).toContain(
      "unknown key 'temprature' in options; valid keys: 'model', 'client', 'api', 'driver', 'baseURL', 'apiKey', 'temperature', 'maxTokens', 'systemPrompt'",
    )
  })

  test('every problem is listed in one error', () => {
    const message = messageOf(() =>
      resolveRunOptions(oneTurn(), {
        model: { model: 'm', temperature: 5, baseURL: 'x' },
        turnLimit: 0,
        signal: 'stop' as never,
      }),
    )
    expect(message).toMatch(
      /^\[vitest-scenario\] runScenario\(definition, options\) has 4 invalid options\n/,
    )
    expect(message).toContain('  - `turnLimit`: an integer ≥ 1, got 0')
    expect(message).toContain("  - `signal`: an AbortSignal, got 'stop'")
  })

  test('the key lists come from the schemas', () => {
    expect(Object.keys(runOptionsSchema.shape)).toEqual([
      'model',
      'parsingModel',
      'userModel',
      'turnLimit',
      'rubric',
      'systemPrompt',
      'signal',
      'tools',
      'maxToolRounds',
      'toolTimeoutMs',
      'turnTimeoutMs',
      'limiter',
      'prices',
      'seed',
      'budget',
      'recording',
    ])
    expect(messageOf(() => checkReporterOptions({ htm: 'x' }))).toContain(
      "valid keys: 'markdown', 'html'",
    )
  })
})

describe('the limiter belongs to the host', () => {
  test('maxConcurrentCalls is no run option: the error says what to use instead', async () => {
    await expect(
      // @ts-expect-error -- no longer an option of runScenario
      runScenario(oneTurn(), { model: scriptedModel(['a']), maxConcurrentCalls: 2 }),
    ).rejects.toThrow(
      "unknown key 'maxConcurrentCalls' in options; valid keys: 'model', 'parsingModel', 'userModel', 'turnLimit', 'rubric', 'systemPrompt', 'signal', 'tools', 'maxToolRounds', 'toolTimeoutMs', 'turnTimeoutMs', 'limiter', 'prices', 'seed', 'budget', 'recording' (`maxConcurrentCalls` is no run option: the limiter belongs to the host. Set scenarioPlugin({ maxConcurrentCalls }) in vitest.config.ts, or pass `limiter: createLimiter({ maxConcurrentCalls })`)",
    )
    expect(processLimiter.capacity).toBe(8)
  })

  test('checking the options changes nothing: a run keeps its limiter to itself', async () => {
    const limiter = createLimiter({ maxConcurrentCalls: 3 })
    expect(limiter.capacity).toBe(3)
    // A run that fails its checks and one that runs: neither touches the process's limiter.
    expect(() =>
      resolveRunOptions(oneTurn(), { model: scriptedModel([]), limiter, turnLimit: 0 }),
    ).toThrow(InvalidArgumentError)
    const resolved = resolveRunOptions(oneTurn(), { model: scriptedModel([]), limiter })
    expect(resolved.calls.limiter).toBe(limiter)
    expect(processLimiter.capacity).toBe(8)
    expect(resolveRunOptions(oneTurn(), { model: scriptedModel([]) }).calls.limiter).toBe(
      processLimiter,
    )
  })

  test("a run's model calls wait in the limiter it is given", async () => {
    const limiter = createLimiter({ maxConcurrentCalls: 1 })
    let held = 0
    const run = limiter.run.bind(limiter)
    limiter.run = (task, signal, endpoint) => {
      held++
      return run(task, signal, endpoint)
    }
    const model = client()
    const result = await runScenario(oneTurn(), { model: { model: 'm', client: model }, limiter })
    expect(result.status).toBe('completed')
    expect(model.calls.count).toBe(1)
    expect(held).toBe(1)
  })

  test('the limiter option takes only a limiter; createLimiter checks its options', () => {
    expect(
      messageOf(() =>
        resolveRunOptions(oneTurn(), { model: scriptedModel([]), limiter: { run() {} } as never }),
      ),
    ).toContain(
      '`limiter`: a limiter made with createLimiter({ maxConcurrentCalls }), got an object',
    )
    expect(messageOf(() => createLimiter({ maxConcurrentCalls: 0 }))).toBe(
      [
        '[vitest-scenario] createLimiter(options) has an invalid option',
        '  - `maxConcurrentCalls`: an integer ≥ 1, got 0',
        'Write createLimiter({ maxConcurrentCalls: 4 }).',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument',
      ].join('\n'),
    )
    expect(createLimiter().capacity).toBe(8)
  })
})

describe('parseOptions', () => {
  test('a value whose getter throws is named, not a TypeError from inside', () => {
    const options = {
      get model(): never {
        throw new Error('boom')
      },
    }
    expect(
      messageOf(() => parseOptions(runOptionsSchema, options, { where: 'w()', fix: 'f' })),
    ).toContain('Reading `model` of w() threw Error: boom')
  })
})
