// What `compareReports()` accepts: two results reports, checked field by field before anything
// reads them (a report is a file from another run, maybe another version, maybe hand-edited). The
// check makes a copy — unknown keys dropped, getters run once — so the comparison reads plain data.
import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { listOf, objectOf, oneOf, textField } from '../hosts/core/meta/meta-fields.js'
import { scenarioMetaSchema } from '../hosts/core/meta/meta-schema.js'
import { describeValue } from '../internal/describe-value.js'
import type { ScenarioEntry } from '../reporter/scenario-entry.js'
import { RESULTS_KIND, RESULTS_VERSION, type ResultsReport } from '../results/results-report.js'

const entrySchema = objectOf({
  test: z.string(),
  file: z.string(),
  project: z.string().optional(),
  state: oneOf(['passed', 'failed', 'skipped', 'pending']),
  durationMs: z.number().optional(),
  errors: listOf(z.string()),
  scenario: scenarioMetaSchema,
})

const reportSchema = objectOf({
  kind: z.literal(RESULTS_KIND),
  version: z.literal(RESULTS_VERSION),
  createdAt: z.string(),
  commit: z.string().optional(),
  branch: z.string().optional(),
  host: z.string(),
  candidate: objectOf({ name: textField, fork: z.number().int().min(1).optional() }).optional(),
  tests: listOf(z.unknown()),
})

/**
 * A checked copy of `report`, or a `[vitest-scenario]` error naming the side and the first field
 * that does not fit. Each test's definition hash is kept (the meta schema does not know it).
 */
export function checkReport(report: unknown, side: 'baseline' | 'candidate'): ResultsReport {
  try {
    const read = reportSchema.safeParse(report)
    if (!read.success) throw refuse(side, issueOf(read.error))
    const tests: ScenarioEntry[] = []
    for (const [i, test] of read.data.tests.entries()) {
      const entry = entrySchema.safeParse(test)
      if (!entry.success) throw refuse(side, issueOf(entry.error, `tests.${i}`))
      const definition = (test as { scenario: { definition?: unknown } }).scenario.definition
      if (typeof definition === 'string') {
        Object.assign(entry.data.scenario, { definition })
      }
      tests.push(entry.data as ScenarioEntry)
    }
    const checked: ResultsReport = { ...(read.data as Omit<ResultsReport, 'tests'>), tests }
    return checked
  } catch (error) {
    if (error instanceof InvalidArgumentError) throw error
    // A getter that throws, a Proxy: what the schema could not even read.
    throw refuse(side, `it could not be read (${describeValue(error)})`)
  }
}

function issueOf(error: z.ZodError, prefix?: string): string {
  const [issue] = error.issues
  const path = [...(prefix === undefined ? [] : [prefix]), ...(issue?.path ?? [])].join('.')
  return `${path === '' ? '' : `${path}: `}${issue?.message ?? 'not a results report'}`
}

function refuse(side: 'baseline' | 'candidate', problem: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `compareReports() needs two results reports; the ${side} is not one: ${problem}`,
    'Pass the parsed results.json of each run, as a scenario reporter writes it.',
  )
}
