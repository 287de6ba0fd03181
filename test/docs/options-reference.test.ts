// docs/reference/options.md against the schemas that check each options object: every option a
// schema takes has a row (`recordings.dir` for a nested one, `prices.<model>.input` inside a
// record), every row is an option the schema takes, and a default the page gives is the schema's
// (or, for a default applied outside the schema, the value named below). Where a schema is not
// exported (judgeConversation's, the Jest hosts'), the public function's own error, which lists
// the valid keys, stands in for it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { END, judgeConversation, runScenario, Scenario } from '../../src/core.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { DEFAULT_REPORTER_BASELINE } from '../../src/github/after-run-review.js'
import { DEFAULT_BASELINE_MAX_AGE_DAYS } from '../../src/github/run-review.js'
import { LIVE_TIMEOUT_MS } from '../../src/hosts/core/live-timeout.js'
import { pluginOptionsSchema } from '../../src/hosts/core/plugin-options.js'
import { scenarioOptionsSchema } from '../../src/hosts/core/scenario-options.js'
import { JestScenarioReporter } from '../../src/hosts/jest/reporter.js'
import { withScenario } from '../../src/hosts/jest/with-scenario.js'
import { limiterOptionsSchema } from '../../src/models/limiter.js'
import { modelConfigSchema, pluginModelConfigSchema } from '../../src/models/model-config-schema.js'
import { judgeOptionsSchema } from '../../src/outcomes/judge.js'
import { reporterOptionsSchema } from '../../src/reporter/reporter-options.js'
import { DEFAULT_RESULTS_PATH } from '../../src/results/results-report.js'
import { DEFAULT_TURN_TIMEOUT_MS, runOptionsSchema } from '../../src/runner/run-options.js'
import { simulatedUserOptionsSchema } from '../../src/simulated-user/simulated-user-options.js'
import {
  type DocSection,
  defaultLiterals,
  docSections,
  literalSource,
  type OptionRow,
  optionsTable,
  type SchemaOption,
  schemaOptions,
} from '../support/options-doc.js'
import { repoRoot } from '../support/paths.js'

const PAGE = 'docs/reference/options.md'
const markdown = readFileSync(join(repoRoot, PAGE), 'utf8')
const sections = docSections(markdown)

/** The model config is documented once, in its own section: elsewhere it is one option. */
const MODEL_CONFIG = 'model-config'
const refs = new Map<z.ZodType, string>([
  [modelConfigSchema, MODEL_CONFIG],
  [pluginModelConfigSchema, MODEL_CONFIG],
])

/** Each options object's section (by its anchor) and the schema that checks it. */
const SCHEMAS: readonly (readonly [anchor: string, schema: z.ZodType])[] = [
  ['plugin-options', pluginOptionsSchema],
  ['run-options', runOptionsSchema],
  ['scenario-options', scenarioOptionsSchema],
  ['reporter-options', reporterOptionsSchema],
  [MODEL_CONFIG, modelConfigSchema],
  ['simulated-user-options', simulatedUserOptionsSchema],
  ['judge-options', judgeOptionsSchema],
  ['limiter-options', limiterOptionsSchema],
]

/** The run's own default of an option, from its schema. */
function runDefault(path: string): unknown {
  return schemaOptions(runOptionsSchema).get(path)?.default?.value
}

/**
 * Defaults applied outside the schemas (the schema leaves the option undefined and the code that
 * reads it fills it in), by section and option: the only literal defaults the page may give for
 * options whose schema has none.
 */
const DEFAULTS_OUTSIDE_SCHEMAS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  // Left out, `scenario()` tests run with runScenario's own default.
  'plugin-options': { turnTimeoutMs: DEFAULT_TURN_TIMEOUT_MS },
  'scenario-options': {
    turnLimit: runDefault('turnLimit'),
    turnTimeoutMs: DEFAULT_TURN_TIMEOUT_MS,
    timeout: LIVE_TIMEOUT_MS,
    // Only `assertOutcomes: false` turns the assertions off.
    assertOutcomes: true,
  },
  // A model config without `api` calls Chat Completions.
  [MODEL_CONFIG]: { api: 'chat' },
  // A judge without `inconclusive` counts an inconclusive criterion as failed.
  'judge-options': { inconclusive: 'fail', votes: 1 },
  'judgeconversation-options': { inconclusive: 'fail', votes: 1 },
  // A reporter without `json` writes the JSON report to the default path.
  // Without `github` nothing is posted; its object's fields default in the review.
  'reporter-options': {
    json: DEFAULT_RESULTS_PATH,
    github: false,
    'github.baseline': DEFAULT_REPORTER_BASELINE,
    'github.baselineMaxAgeDays': DEFAULT_BASELINE_MAX_AGE_DAYS,
  },
}

const REQUIRED = '*required*'

function section(anchor: string): DocSection {
  const found = sections.find((s) => s.anchor === anchor)
  if (found === undefined) {
    throw new Error(
      `${PAGE} has no section #${anchor}; its sections: ${sections.map((s) => `#${s.anchor}`).join(', ')}`,
    )
  }
  return found
}

/** The rows of a section's options table, by option path; a path listed twice fails. */
function rowsOf(anchor: string): Map<string, OptionRow> {
  const rows = new Map<string, OptionRow>()
  for (const row of optionsTable(section(anchor))) {
    if (rows.has(row.path)) throw new Error(`#${anchor} lists \`${row.path}\` twice`)
    rows.set(row.path, row)
  }
  return rows
}

/** What the table has that the options do not, and the other way round. */
function difference(documented: Iterable<string>, actual: Iterable<string>) {
  const doc = new Set(documented)
  const real = new Set(actual)
  return {
    'options without a row': [...real].filter((path) => !doc.has(path)),
    'rows that are no option': [...doc].filter((path) => !real.has(path)),
  }
}

const NO_DIFFERENCE = { 'options without a row': [], 'rows that are no option': [] }

/** What is wrong with the default cell of one row (undefined: nothing). */
function defaultProblem(
  anchor: string,
  row: OptionRow,
  option: SchemaOption,
  outside: unknown,
): string | undefined {
  const cell = row.default
  const at = `#${anchor} \`${row.path}\``
  if (option.required !== (cell === REQUIRED)) {
    return option.required
      ? `${at}: the schema requires it, the default cell says ${JSON.stringify(cell)} (write ${REQUIRED})`
      : `${at}: the schema makes it optional, the default cell says ${REQUIRED}`
  }
  const literals = defaultLiterals(cell)
  if (option.default !== undefined) {
    const expected = option.default.value
    if (!/^`[^`]+`$/.test(cell) || literals.length !== 1 || literals[0] !== expected) {
      return `${at}: the schema's default is ${literalSource(expected)}, the default cell says ${JSON.stringify(cell)}`
    }
    return undefined
  }
  if (outside === undefined) {
    if (literals.length > 0) {
      return `${at}: the schema has no default, the default cell claims ${literals.map(literalSource).join(', ')}`
    }
    return undefined
  }
  if (literals.length !== 1 || literals[0] !== outside) {
    return `${at}: the default applied outside the schema is ${literalSource(outside)}, the default cell says ${JSON.stringify(cell)}`
  }
  return undefined
}

describe(PAGE, () => {
  test.each(SCHEMAS)('#%s has one row per option of its schema', (anchor, schema) => {
    const rows = rowsOf(anchor)
    const options = schemaOptions(schema, refs)
    expect(difference(rows.keys(), options.keys())).toEqual(NO_DIFFERENCE)
  })

  test.each(SCHEMAS)(
    '#%s gives the defaults and required options of its schema',
    (anchor, schema) => {
      const rows = rowsOf(anchor)
      const outside = DEFAULTS_OUTSIDE_SCHEMAS[anchor] ?? {}
      const problems: string[] = []
      for (const [path, option] of schemaOptions(schema, refs)) {
        const row = rows.get(path)
        if (row === undefined) continue // the row test says so
        if (option.default !== undefined && Object.hasOwn(outside, path)) {
          problems.push(
            `#${anchor} \`${path}\`: has a schema default; drop it from DEFAULTS_OUTSIDE_SCHEMAS`,
          )
        }
        const problem = defaultProblem(anchor, row, option, outside[path])
        if (problem !== undefined) problems.push(problem)
      }
      for (const path of Object.keys(outside)) {
        if (!rows.has(path)) problems.push(`#${anchor} has no row \`${path}\` for its default`)
      }
      expect(problems).toEqual([])
    },
  )

  test.each(SCHEMAS)('#%s links the model config where an option is one', (anchor, schema) => {
    const rows = rowsOf(anchor)
    const problems: string[] = []
    for (const [path, option] of schemaOptions(schema, refs)) {
      const type = rows.get(path)?.type
      if (type === undefined) continue
      const links = type.includes(`](#${MODEL_CONFIG})`)
      if (links !== (option.ref === MODEL_CONFIG)) {
        problems.push(
          links
            ? `#${anchor} \`${path}\` links the model config, but it is no model config`
            : `#${anchor} \`${path}\` is a model config: its type should link [model config](#${MODEL_CONFIG})`,
        )
      }
    }
    expect(problems).toEqual([])
  })

  test('marks the model config fields the plugin refuses as "Not a plugin option"', () => {
    const marked = [...rowsOf(MODEL_CONFIG).values()]
      .filter((row) => row.description.includes('Not a plugin option'))
      .map((row) => row.path)
    const plugin = new Set(Object.keys(pluginModelConfigSchema.shape))
    const refused = Object.keys(modelConfigSchema.shape).filter((key) => !plugin.has(key))
    expect(marked.sort()).toEqual(refused.sort())
  })

  test('has a ts example in every options section, and every #anchor it links is a section', () => {
    const anchors = [...SCHEMAS.map(([anchor]) => anchor), 'judgeconversation-options']
    for (const anchor of anchors) expect(section(anchor).text, `#${anchor}`).toContain('```ts\n')
    const linked = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1])
    const known = new Set(sections.map((s) => s.anchor))
    expect(linked.filter((anchor) => !known.has(anchor ?? ''))).toEqual([])
  })
})

/** The valid keys an options error lists for an unknown key (`…; valid keys: 'a', 'b'`). */
function validKeys(error: unknown): string[] {
  expect(error).toBeInstanceOf(InvalidArgumentError)
  const line = /valid keys: (.+)$/m.exec((error as Error).message)?.[1]
  if (line === undefined) throw new Error(`No valid keys in: ${(error as Error).message}`)
  return [...line.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '')
}

/** The error `fn` throws (or rejects with). */
async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn()
  } catch (error) {
    return error
  }
  throw new Error('It did not throw')
}

/** The top-level options a section's table lists. */
function topLevel(anchor: string): string[] {
  return [...rowsOf(anchor).keys()].filter((path) => !path.includes('.'))
}

describe(`${PAGE}, against the public functions whose schemas are not exported`, () => {
  test("#plugin-options are withScenario's options too", async () => {
    const error = await thrown(() => withScenario({}, { notAnOption: 1 } as never))
    expect(difference(topLevel('plugin-options'), validKeys(error))).toEqual(NO_DIFFERENCE)
  })

  test("#reporter-options are the Jest reporter's options too", async () => {
    const error = await thrown(
      () => new JestScenarioReporter({ rootDir: repoRoot }, { notAnOption: 1 }),
    )
    expect(difference(topLevel('reporter-options'), validKeys(error))).toEqual(NO_DIFFERENCE)
  })

  test("#judgeconversation-options are judgeConversation's options", async () => {
    const rows = rowsOf('judgeconversation-options')
    const definition = new Scenario('greeting')
      .addNode('hello', { question: 'Hello!' })
      .addEdge('hello', END)
      .setEntry('hello')
      .validate()
    const result = await runScenario(definition, { model: () => 'Hello!' })
    const call = (options: unknown) => () =>
      judgeConversation(result, ['greets'], options as Parameters<typeof judgeConversation>[2])

    const unknown = await thrown(call({ model: { model: 'm' }, notAnOption: 1 }))
    expect(difference(rows.keys(), validKeys(unknown))).toEqual(NO_DIFFERENCE)

    // Its model is required (the one option without which the call is refused) …
    const withoutModel = await thrown(call({}))
    expect((withoutModel as Error).message).toContain('`model`')
    const required = [...rows.values()].filter((row) => row.default === REQUIRED)
    expect(required.map((row) => row.path)).toEqual(['model'])
    // … a model config, and its other options are judge()'s.
    expect(rows.get('model')?.type).toContain(`](#${MODEL_CONFIG})`)
    for (const path of Object.keys(judgeOptionsSchema.shape)) {
      expect(rows.get(path)?.type, path).toBe(rowsOf('judge-options').get(path)?.type)
    }
    expect(rows.get('inconclusive')?.default).toBe(
      `\`${literalSource(DEFAULTS_OUTSIDE_SCHEMAS['judgeconversation-options']?.inconclusive)}\``,
    )
  })
})
