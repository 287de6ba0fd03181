// The JSON report's rules as one zod schema: the writer builds this shape, the reader (`compare`,
// a merge of shards) parses with it. Each test's scenario is the task meta's own schema, so the
// JSON report holds exactly what the other reports show, read by the same rules.
import { z } from 'zod'
import { describe } from '../hosts/core/meta/meta-fields.js'
import { scenarioMetaSchema } from '../hosts/core/meta/meta-schema.js'
import { candidateNameSchema, failOnSchema } from '../hosts/core/plugin-options.js'
import { RESULTS_KIND, RESULTS_VERSION } from './results-report.js'

const says = (what: string) => ({
  error: (issue: { input?: unknown }) => `${describe(issue.input)}, ${what}`,
})

const text = (what: string) => z.string(says(what))
const count = () => z.number(says('not a number ≥ 0')).min(0, says('not a number ≥ 0'))
const whole = () => z.int(says('not a whole number ≥ 0')).min(0, says('not a whole number ≥ 0'))

const recordingSchema = z.object({
  replayed: whole(),
  recorded: whole(),
  misses: whole(),
  files: z.array(text('not a file path'), says('not an array of file paths')),
  mode: text('not a recording mode').optional(),
})

/** One test of the report: the reports' entry, its scenario read by the task meta's rules. */
export const resultsTestSchema = z.object(
  {
    test: text('not a test name'),
    file: text('not a file path'),
    project: text('not a project name').optional(),
    state: z.enum(['passed', 'failed', 'skipped', 'pending'], says('not a test state')),
    durationMs: count().optional(),
    errors: z.array(text('not an error message'), says('not an array of error messages')),
    scenario: scenarioMetaSchema,
    recording: recordingSchema.optional(),
  },
  says('not a test object'),
)

/**
 * The schema of `results.json`. `kind` and `version` come first, so a file of another kind or
 * version is refused for that, not for what differs in it.
 */
export const resultsReportSchema = z.object(
  {
    kind: z.literal(RESULTS_KIND, says(`not '${RESULTS_KIND}'`)),
    version: z.literal(RESULTS_VERSION, says(`not version ${RESULTS_VERSION}`)),
    createdAt: z.iso.datetime(says('not an ISO 8601 time')),
    commit: text('not a commit').optional(),
    branch: text('not a branch').optional(),
    host: z.enum(['vitest', 'jest', 'node-test'], says('not vitest, jest or node-test')),
    candidate: z
      .object({
        name: candidateNameSchema,
        fork: z
          .int(says('not a whole number ≥ 1'))
          .min(1, says('not a whole number ≥ 1'))
          .optional(),
      })
      .optional(),
    command: z
      .object({
        execArgv: z.array(text('not an argument')),
        argv: z.array(text('not an argument')),
        cwd: text('not a folder'),
      })
      .optional(),
    recordingsDir: text('not a folder').optional(),
    failOn: failOnSchema.optional(),
    tests: z.array(resultsTestSchema, says('not an array of tests')),
  },
  says('not an object'),
)

/** What the schema reads, as the report's type (checked where it is returned: read-results.ts). */
export type ParsedResultsReport = z.output<typeof resultsReportSchema>
