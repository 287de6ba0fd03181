import { z } from 'zod'
import { docsPath, OPTIONS_DOCS } from '../../errors/docs-line.js'
import type { InvalidArgumentError } from '../../errors/index.js'
import { sharedKeys } from '../../internal/merge-scopes.js'
import { optionsError, parseOptions } from '../../internal/options-schema.js'
import { limiterOptionsSchema } from '../../models/limiter.js'
import { pluginModelConfigSchema } from '../../models/model-config-schema.js'
import { budgetSchema } from '../../runner/budget.js'
import { pricesSchema, runOptionsSchema, timeoutMsSchema } from '../../runner/run-options.js'
import { allowNetworkSchema } from '../../seal/allow-network-schema.js'

/** The message for a `redact` function: it cannot cross to the workers, a module can. */
const REDACT_FUNCTION =
  "a module path, not a function: a function cannot reach the test workers. Move it into a module whose default export is the function, e.g. test/redact.ts: `export default (value: string, jsonPath: string) => value.replace(/tenant-[0-9]{6}/g, '<tenant>')`, and write `recordings: { redact: './test/redact.ts' }` (resolved against the Vitest root)"

/** A candidate's name: it names a folder, so letters, digits, `.`, `_` and `-` only. */
export const candidateNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
  error:
    "a candidate name of letters, digits, '.', '_' and '-' (at most 64, starting with a letter or digit), e.g. 'gpt-5'",
})

/** What one candidate overrides, JSON only (it travels to the workers like the other options). */
export const candidateSchema = z.strictObject(
  {
    /** The answering model of the candidate run, instead of the plugin's `model`. */
    model: pluginModelConfigSchema.optional(),
    /** The judge of the candidate run, instead of the plugin's `parsingModel`. */
    parsingModel: pluginModelConfigSchema.optional(),
    /** The simulated users' model of the candidate run, instead of the plugin's `userModel`. */
    userModel: pluginModelConfigSchema.optional(),
    /** The system prompt of the answering side in the candidate run. */
    systemPrompt: z.string('a string').optional(),
    /** Prices per million tokens for the candidate's models, instead of the plugin's `prices`. */
    prices: pricesSchema.optional(),
    /**
     * Replays the baseline recording's turns before this one (counted from 0) and goes live from
     * it: the candidate answers under the baseline's history.
     */
    fork: z
      .int('a whole number of turns, at least 1')
      .min(1, {
        error: 'a whole number of turns, at least 1 (leave `fork` out to run every turn live)',
      })
      .optional(),
  },
  {
    error: 'a candidate { model?, parsingModel?, userModel?, systemPrompt?, prices?, fork? }',
  },
)

/** The gates `vitest-scenario compare` checks (CLI flags win over them). */
export const failOnSchema = z.strictObject(
  {
    /** Fail when more than this many tests regressed; `0` fails on any regression. */
    regressed: z.int('a whole number of tests, at least 0').min(0).optional(),
    /** Fail when a paired comparison over samples says `worse`. */
    worse: z.boolean('true or false').optional(),
    /** Fail when the candidate's cost exceeds the baseline's by more than this percentage. */
    costIncrease: z.number('a percentage, e.g. 10').min(0).optional(),
  },
  { error: 'an object { regressed?, worse?, costIncrease? }' },
)

/** What one candidate overrides. */
export type CandidateOptions = z.input<typeof candidateSchema>

/** The rules of `scenarioPlugin()`'s options, the one place they live. */
export const pluginOptionsSchema = z.strictObject(
  {
    /** The model `scenario()` tests answer with unless they say otherwise. */
    model: pluginModelConfigSchema.optional(),
    /** The judge that fills answer templates and scores model-judged traits. */
    parsingModel: pluginModelConfigSchema.optional(),
    /** The model that plays simulated users (`simulatedUser()`) that name none of their own. */
    userModel: pluginModelConfigSchema.optional(),
    /** Where recordings go, how they are redacted, and what may look like a secret. */
    recordings: z
      .strictObject(
        {
          /**
           * Where recordings go, against the Vitest root: `<dir>/<test file path>/<test id>.json`.
           * By default they sit beside each test file in `__recordings__/<test file name>/`.
           */
          dir: z
            .string('a non-empty path relative to the Vitest root')
            .min(1, { error: 'a non-empty path relative to the Vitest root' })
            .optional(),
          /**
           * A module (resolved against the Vitest root) whose default export `(value, jsonPath) =>
           * string` replaces a string before it is stored or matched, e.g. to mask a secret the
           * scan flags. The workers load it, so it may import helpers and close over variables.
           */
          redact: z
            .string({
              error: (issue) =>
                typeof issue.input === 'function'
                  ? REDACT_FUNCTION
                  : "a module path relative to the Vitest root, e.g. './test/redact.ts'",
            })
            .min(1, { error: "a module path relative to the Vitest root, e.g. './test/redact.ts'" })
            .optional(),
          /** JSON paths (`response.body.id`, `*` for one segment) whose values may look like secrets. */
          allowSecrets: z
            .array(z.string(), { error: "an array of JSON paths such as ['response.body.id']" })
            .optional(),
        },
        { error: 'an object { dir?, redact?, allowSecrets? }' },
      )
      .optional(),
    /**
     * Model calls in flight at once in each worker; a run is bounded by workers × this.
     * @default 8
     */
    maxConcurrentCalls: limiterOptionsSchema.shape.maxConcurrentCalls,
    /**
     * Time the answering side of `scenario()` tests has for one turn (the agent, or the model with
     * its tool loop) before the turn fails with category `timeout`. @default 120000
     */
    turnTimeoutMs: timeoutMsSchema().optional(),
    /** Prices per million tokens by model name, so results and the reporter show a cost. */
    prices: pricesSchema.optional(),
    /**
     * The budget of each run of `scenario()` tests unless the scenario or `run()` gives its own
     * (which replaces it as a whole): at most `tokens` (input + output) and `cost` (needs
     * `prices`); a run past it ends with status `limit_reached` and `stopReason: 'budget'`.
     */
    budget: budgetSchema.optional(),
    /**
     * The hosts a test may reach past its recording while it runs in a recording mode: host
     * names, `host:port`, IP addresses, IPv4 ranges (`127.0.0.0/8`), or `'*'` for every host. In
     * `replay` any other request is refused (`network_blocked`); while recording, one that looks
     * like a model call is (`unrecorded_call`). The list replaces the default, so keep the
     * loopback entries for servers a test starts itself.
     * @default ['localhost', '127.0.0.0/8', '::1']
     */
    allowNetwork: allowNetworkSchema,
    /**
     * Named variants of the run to review against the baseline: each overrides some of `model`,
     * `parsingModel`, `userModel`, `systemPrompt` and `prices` (and may `fork` from the baseline
     * recording at a turn). `VITEST_SCENARIO_CANDIDATE=<name>` runs one; its recordings go under
     * `__recordings__/.candidates/<name>/`, and the baseline's are never touched.
     */
    candidates: z
      .record(candidateNameSchema, candidateSchema, {
        error: "an object of candidates by name, e.g. { 'gpt-5': { model: { model: 'gpt-5' } } }",
      })
      .optional(),
    /**
     * When `vitest-scenario compare` (and the GitHub check) fails: more than `regressed` tests
     * regressed, a paired comparison says `worse`, or the cost grew by more than `costIncrease` %.
     */
    failOn: failOnSchema.optional(),
  },
  { error: 'an options object { model?, parsingModel?, recordings?, … }' },
)

/** Options of `scenarioPlugin()`. */
export type ScenarioPluginOptions = z.input<typeof pluginOptionsSchema>

/** Options of `scenarioPlugin()` for recordings. */
export type RecordingsOptions = NonNullable<ScenarioPluginOptions['recordings']>

/** A model config as the plugin takes it: JSON fields only, and no key (it comes from the environment). */
export type PluginModelConfig = z.output<typeof pluginModelConfigSchema>

/** The plugin's options after the check, with defaults applied. */
export type CheckedPluginOptions = z.output<typeof pluginOptionsSchema>

/**
 * The plugin's options that are run options too, the defaults of every `scenario()` run (`model`,
 * `parsingModel`, `userModel`, `turnTimeoutMs`, `prices`, `budget`); the others configure the host.
 */
export const HOST_RUN_KEYS = sharedKeys(pluginOptionsSchema.shape, runOptionsSchema.shape)

/** A plugin option that is a run option too. */
export type HostRunKey = (typeof HOST_RUN_KEYS)[number]

/** Where a host takes these options, for messages: the call and the file to fix them in. */
export interface OptionsHost {
  where: string
  fix: string
}

/** The Vitest plugin, the options' first host. */
const VITEST_HOST: OptionsHost = {
  where: 'scenarioPlugin(options)',
  // No full stop after the path: it would be copied with it.
  fix: `Fix them in vitest.config.ts; every option is listed in ${docsPath(OPTIONS_DOCS.plugin)}`,
}

/**
 * Checks the plugin's options once, in the main process: every problem is listed, unknown keys
 * name the valid ones. `host` names the call that took them (Jest's `withScenario` takes the
 * same options).
 */
export function checkPluginOptions(
  options: unknown,
  host: OptionsHost = VITEST_HOST,
): CheckedPluginOptions {
  return parseOptions(pluginOptionsSchema, options === undefined ? {} : options, {
    ...host,
    note: apiKeyNote,
  })
}

/** An error in the plugin's options found after the schema (e.g. a `redact` module that is missing). */
export function pluginOptionError(
  path: string[],
  message: string,
  input: unknown,
  host: OptionsHost = VITEST_HOST,
): InvalidArgumentError {
  return optionsError(pluginOptionsSchema, [{ code: 'custom', path, message, input }], host)
}

/**
 * Plugin options travel to the workers (as JSON) and into reports: an API key stays in the
 * environment, and a live object (a client, an adapter's driver) goes in `scenario()` options.
 */
function apiKeyNote(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined
  if (issue.keys.includes('apiKey'))
    return ' (the API key comes from OPENAI_API_KEY in the environment)'
  if (issue.keys.includes('driver') || issue.keys.includes('client')) {
    return ' (plugin options cross to the workers as JSON: pass a client or an aiSdkModel(…) in scenario() or runScenario options)'
  }
  return undefined
}
