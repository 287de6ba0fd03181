import { z } from 'zod'
import { parseOptions } from '../internal/options-schema.js'

/** A report's path: a non-empty file path, relative to the Vitest root. */
const reportPath = (example: string) =>
  z
    .string(`a file path relative to the Vitest root, e.g. '${example}'`)
    .refine((path) => path.trim() !== '', {
      error: `a file path relative to the Vitest root, e.g. '${example}'`,
    })
    .optional()

/** The rules of the scenario reporter's options, the one place they live. */
export const reporterOptionsSchema = z.strictObject(
  {
    /** Where to write the Markdown report, relative to the Vitest root. */
    markdown: reportPath('test-results/scenarios.md'),
    /** Where to write the HTML report, relative to the Vitest root. */
    html: reportPath('test-results/scenarios.html'),
  },
  { error: 'an options object { markdown?, html? }' },
)

/** Options of the scenario reporter. */
export type ScenarioReporterOptions = z.input<typeof reporterOptionsSchema>

/** Checks the reporter's options: known keys only, each a non-empty path. */
export function checkReporterOptions(options: unknown): ScenarioReporterOptions {
  return parseOptions(reporterOptionsSchema, options === undefined ? {} : options, {
    where: 'new ScenarioReporter(options)',
    fix: "Fix them in vitest.config.ts: reporters: [['vitest-scenario/reporter', { markdown: 'test-results/scenarios.md' }]].",
  })
}
