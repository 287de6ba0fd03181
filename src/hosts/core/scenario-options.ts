import { z } from 'zod'
import { docsPath, OPTIONS_DOCS } from '../../errors/docs-line.js'
import { InvalidArgumentError } from '../../errors/index.js'
import { assertReadable } from '../../internal/assert-readable.js'
import { describeValue } from '../../internal/describe-value.js'
import { sharedKeys } from '../../internal/merge-scopes.js'
import { parseOptions } from '../../internal/options-schema.js'
import { modelConfigSchema } from '../../models/model-config-schema.js'
import { budgetSchema } from '../../runner/budget.js'
import { optionsMemo } from '../../runner/options-memo.js'
import { countSchema, runOptionsSchema, timeoutMsSchema } from '../../runner/run-options.js'
import { seedSchema } from '../../runner/seed.js'
import { MAX_SAMPLES } from '../../samples/sample-limit.js'

const SAMPLES = `an integer from 1 to ${MAX_SAMPLES} (each sample is a whole run, kept in memory with its own recording file; ${MAX_SAMPLES} samples already bound a pass rate within ±3.1 percentage points, 95 % interval)`

/** The rules of a scenario's options (`scenario(name, options, build, body)`), the one place they live. */
export const scenarioOptionsSchema = z.strictObject(
  {
    /** The answering side: an agent function (your app) or a model; defaults to the plugin's. */
    model: runOptionsSchema.shape.model.optional(),
    /** The judge that fills answer templates; defaults to the plugin's `parsingModel`. */
    parsingModel: modelConfigSchema.optional(),
    /** The model that plays simulated users without their own; defaults to the plugin's `userModel`. */
    userModel: modelConfigSchema.optional(),
    /** At most this many turns per run. @default 20 */
    turnLimit: countSchema().optional(),
    /** Time the answering side has for one turn (see `runScenario`). @default 120000 */
    turnTimeoutMs: timeoutMsSchema().optional(),
    /** Messages that open the conversation, before the first question (see `runScenario`). */
    seed: seedSchema.optional(),
    /**
     * At most this many tokens and this cost per run (see `runScenario`); replaces the plugin's
     * `budget` as a whole.
     */
    budget: budgetSchema.optional(),
    /** The test's timeout in ms; 60 000 by default when model calls may go out live. */
    timeout: timeoutMsSchema().optional(),
    /**
     * Runs the scenario this many times; `run()` then returns a `ScenarioResultSet`. Bounded: every
     * sample is a whole run held in memory at once, with its own recording file.
     */
    samples: z
      .int(SAMPLES)
      .min(1, { error: SAMPLES })
      .max(MAX_SAMPLES, { error: SAMPLES })
      .optional(),
    /** Asserts every boolean outcome criterion after the body. @default true */
    assertOutcomes: z.boolean('true or false').optional(),
  },
  { error: 'an options object { model?, turnLimit?, samples?, … }' },
)

/**
 * The scenario options that are run options too, merged into each run; the others (`timeout`,
 * `samples`, `assertOutcomes`) shape the test.
 */
export const SCENARIO_RUN_KEYS = sharedKeys(scenarioOptionsSchema.shape, runOptionsSchema.shape)

/** Checks a scenario's options when the test is collected: a wrong key or value fails early and loudly. */
export function checkScenarioOptions(
  options: unknown,
  name: string,
): z.output<typeof scenarioOptionsSchema> {
  const given = options === undefined ? {} : options
  // A file declares many scenarios with the same options (`{ model }`): checked once for them all.
  return checkedScenarioOptions(
    given,
    () =>
      parseOptions(scenarioOptionsSchema, given, {
        where: `scenario('${name}', options)`,
        // No full stop after the path: it would be copied with it.
        fix: `Fix them where the scenario is declared; every option is listed in ${docsPath(OPTIONS_DOCS.scenario)}`,
      }),
    {},
  )
}

/** The scenario options' check, reused for options like the last ones checked (options-memo.ts). */
const checkedScenarioOptions = optionsMemo()

/** Checks that `build` and `body` are functions, naming the scenario when they are not. */
export function checkScenarioFunctions(name: string, build: unknown, body: unknown): void {
  if (typeof build !== 'function' || typeof body !== 'function') {
    throw new InvalidArgumentError(
      `scenario('${name}') needs a build function and a body function`,
      'Write scenario(name, (s) => { s.addNode(…) }, async ({ run }) => { … }), with options second when you have some.',
    )
  }
}

/** Checks a scenario's name: a string, as Vitest's test names are (the title in reports). */
export function checkScenarioName(name: unknown, where: string): string {
  if (typeof name === 'string') return name
  throw new InvalidArgumentError(
    `${where} needs a name (a string), got ${describeValue(name)}`,
    "Write scenario('keeps its answer under pushback', (s) => { … }, async ({ run }) => { … }).",
  )
}

/** Checks the rows of `scenario.each(rows)`: an array, one test per row. */
export function checkEachRows(rows: unknown): void {
  assertReadable(rows, 'scenario.each(rows)')
  if (Array.isArray(rows)) return
  throw new InvalidArgumentError(
    `scenario.each(rows) needs an array of rows, got ${describeValue(rows)}`,
    "Write scenario.each([{ drug: 'venetoclax' }, { drug: 'navitoclax' }])('finds $drug', build, body): one test per row.",
  )
}
