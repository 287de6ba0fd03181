import { z } from 'zod'
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import type { ModelConfig } from '../models/types.js'
import type { RedactHook } from '../recordings/normalize-request.js'
import type { ModelPrice } from '../runner/usage.js'

/** Options of `scenarioPlugin()` for recordings (SPEC section 10). */
export interface RecordingsOptions {
  /**
   * Where recordings go, against the Vitest root: `<dir>/<test file path>/<test id>.json`.
   * By default they sit beside each test file in `__recordings__/<test file name>/`.
   */
  dir?: string
  /**
   * Replaces a string before it is stored or matched, e.g. to mask a secret the scan flags. It is
   * sent to the workers as source text, so it must not use imports or outer variables; for one
   * that does, call `configureRecordings({ redact })` from a setup file of your own.
   */
  redact?: RedactHook
  /** JSON paths (`response.body.id`, `*` for one segment) whose values may look like secrets. */
  allowSecrets?: string[]
}

/** A model config as the plugin takes it: JSON fields only, and no key (it comes from the environment). */
export type PluginModelConfig = Omit<ModelConfig, 'client' | 'apiKey'>

/** Options of `scenarioPlugin()`. */
export interface ScenarioPluginOptions {
  /** The model `scenario()` tests answer with unless they say otherwise. */
  model?: PluginModelConfig
  /** The judge that fills answer templates and scores model-judged traits. */
  parsingModel?: PluginModelConfig
  recordings?: RecordingsOptions
  /**
   * Model calls in flight at once in each worker; a run is bounded by workers × this.
   * @default 8
   */
  maxConcurrentCalls?: number
  /**
   * Time the answering side of `scenario()` tests has for one turn (the agent, or the model with
   * its tool loop) before the turn fails with category `timeout`. @default 120000
   */
  turnTimeoutMs?: number
  /** Prices per million tokens by model name, so results and the reporter show a cost. */
  prices?: Record<string, ModelPrice>
}

const modelSchema = z.strictObject({
  model: z.string().min(1, 'the model name the endpoint serves, e.g. "gpt-4.1-mini"'),
  baseURL: z
    .url({
      protocol: /^https?$/,
      error: 'an absolute http(s) URL such as "http://127.0.0.1:8080/v1"',
    })
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.int().positive().optional(),
  systemPrompt: z.string().optional(),
})

const pluginSchema = z.strictObject({
  model: modelSchema.optional(),
  parsingModel: modelSchema.optional(),
  recordings: z
    .strictObject({
      dir: z.string().min(1, 'a non-empty path relative to the Vitest root').optional(),
      redact: z
        .custom<RedactHook>(
          (v) => typeof v === 'function',
          'a function (value, jsonPath) => string',
        )
        .optional(),
      allowSecrets: z
        .array(z.string(), "an array of JSON paths such as ['response.body.id']")
        .optional(),
    })
    .optional(),
  maxConcurrentCalls: z.int('an integer ≥ 1').min(1, 'an integer ≥ 1').optional(),
  turnTimeoutMs: z
    .int('an integer number of ms ≥ 1')
    .min(1, 'an integer number of ms ≥ 1')
    .max(2_147_483_647, 'at most 2147483647 ms (about 24.8 days)')
    .optional(),
  prices: z
    .record(
      z.string(),
      z.strictObject({
        input: z.number().nonnegative(),
        output: z.number().nonnegative(),
        cached: z.number().nonnegative().optional(),
      }),
    )
    .optional(),
})

/**
 * Checks the plugin's options once, in the main process: every problem is listed, unknown keys
 * name the valid ones.
 */
export function checkPluginOptions(options: unknown): ScenarioPluginOptions {
  assertReadable(options, 'scenarioPlugin(options)')
  const parsed = pluginSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data as ScenarioPluginOptions
  const subjects = parsed.error.issues.map(describeIssue)
  throw new InvalidArgumentError(
    `scenarioPlugin(options) has ${subjects.length === 1 ? 'an invalid option' : `${subjects.length} invalid options`}`,
    'Fix them in vitest.config.ts; the README lists every option (section "Plugin options").',
    subjects,
  )
}

/** One issue as a line: where, what was wrong, and what is valid there. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.')
  const where = path === '' ? 'options' : `\`${path}\``
  if (issue.code === 'unrecognized_keys') {
    const valid = validKeysAt(issue.path)
    // Plugin options travel to the workers and into reports: an API key stays in the environment.
    const keyHint = issue.keys.includes('apiKey')
      ? ' (the API key comes from OPENAI_API_KEY in the environment)'
      : ''
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${quoteList(issue.keys)} in ${where}; valid keys: ${quoteList(valid)}${keyHint}`
  }
  return `${where}: ${issue.message}`
}

function validKeysAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = pluginSchema
  for (const key of path) {
    schema = unwrap(schema)
    if (schema instanceof z.ZodObject) schema = schema.shape[String(key)] as z.ZodType
    else if (schema instanceof z.ZodRecord) schema = schema.valueType as z.ZodType
  }
  schema = unwrap(schema)
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema
}
