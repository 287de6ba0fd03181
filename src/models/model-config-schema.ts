import { z } from 'zod'
import type { ModelDriver } from './driver.js'

/**
 * The rules of a model config, the one place they live: `runScenario`, `scenario()` options, the
 * plugin and a node's `modelOverride` all check a model config with this schema (the plugin takes
 * the JSON fields only, a node override any subset).
 */
export const modelConfigSchema = z.strictObject(
  {
    /** The model name the endpoint serves, e.g. `gpt-4.1-mini`. */
    model: z.string('the model name the endpoint serves, e.g. "gpt-4.1-mini"').min(1, {
      error: 'the model name the endpoint serves, e.g. "gpt-4.1-mini"',
    }),
    /** An `openai` client to use instead of building one (it keeps its own retry settings). */
    client: z
      .custom<unknown>((value) => typeof value === 'object' && value !== null, {
        error: 'an `openai` client (new OpenAI({ … })) or an object with chat.completions.create',
      })
      .optional(),
    /**
     * The API the library calls: `'chat'` (Chat Completions, the default) or `'responses'`
     * (`client.responses.create`, for the answering side's tool loop and structured outputs).
     */
    api: z.enum(['chat', 'responses'], { error: "'chat' (the default) or 'responses'" }).optional(),
    /**
     * How an adapter reaches its model instead of an `openai` client: set by `aiSdkModel(…)`
     * (`vitest-scenario/ai-sdk`), not by hand. With a driver, `client`, `baseURL`, `apiKey` and
     * `api` are not used.
     */
    driver: z
      .custom<ModelDriver>(
        (value) =>
          typeof value === 'object' &&
          value !== null &&
          typeof (value as { name?: unknown }).name === 'string' &&
          typeof (value as { complete?: unknown }).complete === 'function',
        { error: 'a model driver, as aiSdkModel(…) from vitest-scenario/ai-sdk makes it' },
      )
      .optional(),
    /** The endpoint's base URL, e.g. `http://127.0.0.1:8080/v1`; the SDK's default otherwise. */
    baseURL: z
      .url({
        protocol: /^https?$/,
        error: 'an absolute http(s) URL such as "http://127.0.0.1:8080/v1"',
      })
      .optional(),
    /** The API key; `OPENAI_API_KEY` from the environment otherwise. */
    apiKey: z.string('a string (the API key)').optional(),
    /** Sampling temperature, from 0 to 2 as the Chat Completions API takes it. */
    temperature: z
      .number('a number from 0 to 2')
      .min(0, { error: 'a number from 0 to 2' })
      .max(2, { error: 'a number from 0 to 2' })
      .optional(),
    /** The most tokens one answer may have. */
    maxTokens: z.int('an integer ≥ 1').min(1, { error: 'an integer ≥ 1' }).optional(),
    /** The model's own system prompt (a node's override and the run's `systemPrompt` win). */
    systemPrompt: z.string('a string').optional(),
  },
  { error: 'a model config { model, … }' },
)

/**
 * A model config as the plugin takes it: JSON fields only (it crosses to the workers: no client
 * and no driver), and no key (plugin options may reach reports; the key comes from the environment).
 */
export const pluginModelConfigSchema = modelConfigSchema.omit({
  client: true,
  apiKey: true,
  driver: true,
})

/**
 * A node's model override: any fields of a model config, merged over the run's side when it has
 * no `model`, `client` or `baseURL` of its own.
 */
export const modelConfigPatchSchema = modelConfigSchema.partial()
