import type OpenAI from 'openai'
import { assertType, describe, expectTypeOf, test } from 'vitest'
import { defineConfig, type Plugin } from 'vitest/config'
import {
  RECORDING_MODES,
  type RecordingMode,
  type RedactHook,
  wrap as wrapWith,
} from '../../src/core.js'
import { resolveRecordingMode } from '../../src/host.js'
import {
  type RecordingsOptions,
  type ScenarioPluginOptions,
  scenarioPlugin,
} from '../../src/hosts/vitest/plugin/index.js'
import { wrap } from '../../src/index.js'

declare const client: OpenAI

describe('scenarioPlugin()', () => {
  test('takes recordings and model options and goes into defineConfig({ plugins })', () => {
    const plugin = scenarioPlugin({
      recordings: {
        dir: 'fixtures/recordings',
        redact: './test/redact.ts',
        allowSecrets: ['response.body.id', 'request.body.messages.*.content'],
      },
      model: { model: 'gpt-4.1-mini' },
    })
    defineConfig({ plugins: [plugin] })
    // `plugins` takes any `{ name }`; the hooks themselves must fit Vite's (and Vitest's) Plugin.
    assertType<Plugin>(plugin)
    defineConfig({ plugins: [scenarioPlugin()], test: { include: ['test/**/*.test.ts'] } })
    expectTypeOf(scenarioPlugin).parameter(0).toEqualTypeOf<ScenarioPluginOptions | undefined>()
  })

  test('the model options are the JSON fields of a model config, without the key', () => {
    assertType<ScenarioPluginOptions>({
      parsingModel: { model: 'judge' },
      maxConcurrentCalls: 4,
      prices: { 'gpt-4.1-mini': { input: 0.4, output: 1.6 } },
      model: {
        model: 'gpt-4.1-mini',
        baseURL: 'http://127.0.0.1:8080/v1',
        temperature: 0,
        maxTokens: 100,
        systemPrompt: 'Be brief.',
      },
    })
  })

  test('the redact hook is a module path; the hook itself is (value, jsonPath) => string', () => {
    expectTypeOf<RecordingsOptions['redact']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<RedactHook>().toEqualTypeOf<(value: string, jsonPath: string) => string>()
    // A function cannot reach the workers: it goes into the module the option names.
    // @ts-expect-error -- a function is no module path
    scenarioPlugin({ recordings: { redact: (value: string) => value.trim() } })
  })

  test('rejects unknown keys and values of the wrong type', () => {
    // @ts-expect-error -- unknown top-level key (typo of `recordings`)
    scenarioPlugin({ recording: { dir: 'x' } })
    // @ts-expect-error -- unknown recordings key
    scenarioPlugin({ recordings: { folder: 'x' } })
    // @ts-expect-error -- allowSecrets is a list of paths
    scenarioPlugin({ recordings: { allowSecrets: 'response.body.id' } })
    // @ts-expect-error -- redact returns the replacement string
    scenarioPlugin({ recordings: { redact: (value: string) => value.length } })
    // @ts-expect-error -- the model needs its name
    scenarioPlugin({ model: { temperature: 0 } })
  })

  test('model.client is rejected: a client cannot cross to the workers', () => {
    // @ts-expect-error -- no `client` in the plugin's model options
    scenarioPlugin({ model: { model: 'gpt-4.1-mini', client } })
    // @ts-expect-error the key comes from the environment, never from the config
    scenarioPlugin({ model: { model: 'gpt-4.1-mini', apiKey: 'sk-test' } })
  })
})

describe('wrap()', () => {
  test("returns the client's own type", () => {
    expectTypeOf(wrap(client)).toEqualTypeOf<OpenAI>()
    expectTypeOf(wrap(client).chat.completions.create).toEqualTypeOf(client.chat.completions.create)
  })

  test('takes objects only', () => {
    // @ts-expect-error -- not a client
    wrap('openai')
  })

  test('the core one takes the recording session (or a function finding it) explicitly', () => {
    expectTypeOf(wrapWith(client, () => undefined)).toEqualTypeOf<OpenAI>()
    // @ts-expect-error -- core has no current test to bind to
    wrapWith(client)
  })
})

describe('RecordingMode', () => {
  test('is the union of the five modes', () => {
    expectTypeOf<RecordingMode>().toEqualTypeOf<'replay' | 'new' | 'all' | 'rerecord' | 'off'>()
    expectTypeOf(RECORDING_MODES).toEqualTypeOf<readonly RecordingMode[]>()
    expectTypeOf(resolveRecordingMode).returns.toEqualTypeOf<RecordingMode>()
  })
})
