import { z } from 'zod'
import { failOnSchema } from '../hosts/core/plugin-options.js'
import { parseOptions } from '../internal/options-schema.js'

/**
 * The runner a scenario reporter runs under, as its messages name it: the Vitest reporter and the
 * Jest one check the same options and write the same reports, but a user fixes them in a
 * different config file.
 */
export interface ReporterHost {
  /** The reporter in messages, e.g. `new ScenarioReporter(options)`. */
  readonly where: string
  /** What report paths are relative to, e.g. `the Vitest root`. */
  readonly root: string
  /** The config file the reporter's options are set in, e.g. `vitest.config.ts`. */
  readonly configFile: string
  /** What to do about invalid options: where and how they are set. */
  readonly fix: string
}

/** The Vitest reporter's host. */
export const VITEST_REPORTER_HOST: ReporterHost = {
  where: 'new ScenarioReporter(options)',
  root: 'the Vitest root',
  configFile: 'vitest.config.ts',
  fix: "Fix them in vitest.config.ts: reporters: [['vitest-scenario/reporter', { markdown: 'test-results/scenarios.md' }]].",
}

/** A report's path: a non-empty file path, relative to the host's root. */
const reportPath = (example: string, root: string) =>
  z
    .string(`a file path relative to ${root}, e.g. '${example}'`)
    .refine((path) => path.trim() !== '', {
      error: `a file path relative to ${root}, e.g. '${example}'`,
    })
    .optional()

function optionsSchema(root: string) {
  return z.strictObject(
    {
      /** Where to write the Markdown report, relative to the runner's root. */
      markdown: reportPath('test-results/scenarios.md', root),
      /** Where to write the HTML report, relative to the runner's root. */
      html: reportPath('test-results/scenarios.html', root),
      /**
       * Where to write the JSON report (`results.json`), relative to the runner's root; `false`
       * writes none. Default `test-results/results.json`.
       */
      json: z
        .union([reportPath('test-results/results.json', root).unwrap(), z.literal(false)], {
          error: `a file path relative to ${root}, e.g. 'test-results/results.json', or false for no JSON report`,
        })
        .optional(),
      /**
       * After writing the JSON report, post the review to the pull request (as `vitest-scenario
       * github` does) when the run is in GitHub Actions: `true`, or where the base branch's
       * report is, the suite's name and the baseline's age limit.
       */
      github: z
        .union(
          [
            z.boolean(),
            z.strictObject({
              baseline: reportPath('test-results/baseline/results.json', root),
              suite: z
                .string()
                .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/, {
                  error: "a suite name: letters, digits and . _ : / @ + - (e.g. 'e2e')",
                })
                .optional(),
              baselineMaxAgeDays: z
                .number()
                .min(0, { error: 'a number of days, at least 0 (default 7)' })
                .refine(Number.isFinite, { error: 'a number of days, at least 0 (default 7)' })
                .optional(),
            }),
          ],
          {
            error:
              "true, or { baseline?: 'test-results/baseline/results.json', suite?: 'e2e', baselineMaxAgeDays?: 7 }",
          },
        )
        .optional(),
    },
    { error: 'an options object { markdown?, html?, json?, github? }' },
  )
}

/** The rules of the scenario reporter's options, the one place they live. */
export const reporterOptionsSchema = optionsSchema(VITEST_REPORTER_HOST.root)

// Built once per host: the messages name the host's root, the rules are the same.
const schemas = new Map<string, typeof reporterOptionsSchema>([
  [VITEST_REPORTER_HOST.root, reporterOptionsSchema],
])

/** Options of the scenario reporter. */
export type ScenarioReporterOptions = z.input<typeof reporterOptionsSchema>

/** Checks the reporter's options: known keys only, each a non-empty path. */
export function checkReporterOptions(
  options: unknown,
  host: ReporterHost = VITEST_REPORTER_HOST,
): ScenarioReporterOptions {
  let schema = schemas.get(host.root)
  if (schema === undefined) {
    schema = optionsSchema(host.root)
    schemas.set(host.root, schema)
  }
  return parseOptions(schema, options === undefined ? {} : options, {
    where: host.where,
    fix: host.fix,
  })
}

/**
 * The node:test reporter's options: the others' and `failOn`, the gates of `compare` (node:test
 * has no plugin whose options a reporter could read them from).
 */
function nodeOptionsSchema(root: string) {
  return optionsSchema(root).extend({ failOn: failOnSchema.optional() })
}

/** Options of the node:test scenario reporter. */
export type NodeReporterOptions = z.input<ReturnType<typeof nodeOptionsSchema>>

/** Checks the node:test reporter's options: those of the others, and `failOn`. */
export function checkNodeReporterOptions(
  options: unknown,
  host: ReporterHost,
): z.output<ReturnType<typeof nodeOptionsSchema>> {
  return parseOptions(nodeOptionsSchema(host.root), options === undefined ? {} : options, {
    where: host.where,
    fix: host.fix,
  })
}
