// The human side of judge calibration: a labels file holds people's verdicts on the criteria a
// conversation judge decided, one file per test file (`__labels__/<test file>.labels.json`, like
// `__snapshots__`), committed beside the tests. Each label is filed under the hash of the
// transcript the judge read, so a label goes stale when the conversation changes instead of
// silently grading another one. JSON, versioned, read with one schema and written atomically.
import { readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { replaceFile } from '../recordings/write-atomic.js'
import { TRANSCRIPT_HASH } from './transcript-hash.js'

/** What a labels file says it is: `kind` names the format, `version` its shape. */
export const LABELS_KIND = 'vitest-scenario.labels'

/** The version of the labels file's shape; a reader refuses other versions. */
export const LABELS_VERSION = 1

/** The folder beside a test file that holds its labels file. */
export const LABELS_DIR = '__labels__'

const text = (what: string) => z.string(`not ${what}`).min(1, `an empty string, not ${what}`)

/** One person's verdict on one judge criterion of one conversation (a test's sample). */
const labelSchema = z.strictObject(
  {
    /** The test's full name, as the results report writes it (`describe > test`). */
    test: text('a test name'),
    /** The test's project, when the run had projects. */
    project: text('a project name').optional(),
    /** Which run of the test (its sample, from 0): the index into its runs in the report. */
    sample: z.int('not a whole number ≥ 0').min(0, 'not a whole number ≥ 0'),
    /** The outcome (criterion name) whose judge decided the criterion. */
    outcome: text('an outcome name'),
    /** The judge criterion, word for word. */
    criterion: text('a judge criterion'),
    /** The hash of the transcript the judge read (`transcriptHash`). */
    transcript: z
      .string('not a transcript hash')
      .regex(TRANSCRIPT_HASH, "not a transcript hash such as 'sha256:9b0e4c1f27a3d855'"),
    /** The person's verdict: did the conversation meet the criterion? */
    verdict: z.enum(['met', 'unmet'], "not 'met' or 'unmet'"),
    /** Why, in the labeller's words. */
    note: z.string('not a note').optional(),
  },
  'not a label object { test, sample, outcome, criterion, transcript, verdict, note? }',
)

/** The schema of a labels file. `kind` and `version` come first, so another kind is refused for that. */
const labelsFileSchema = z.strictObject(
  {
    kind: z.literal(LABELS_KIND, `not '${LABELS_KIND}'`),
    version: z.literal(LABELS_VERSION, `not version ${LABELS_VERSION}`),
    /** The test file the labels are of, relative to the project root, with `/`. */
    file: text('a test file path'),
    labels: z.array(labelSchema, 'not an array of labels'),
  },
  'not a labels object { kind, version, file, labels }',
)

/** One person's verdict on one judge criterion of one conversation. */
export type Label = z.output<typeof labelSchema>

/** A labels file: the verdicts people gave on one test file's judged conversations. */
export type LabelsFile = z.output<typeof labelsFileSchema>

const FIX =
  'Fix the file by hand (its format is in the calibration guide), or delete it and label again with `npx vitest-scenario label`.'

/**
 * Checks a labels file's parsed content and returns a copy; `where` names it in the error (its
 * path, or the argument it came in). Throws an `InvalidArgumentError` naming the first problem
 * and where in the file it is.
 *
 * @example
 * const labels = parseLabels(JSON.parse(text), 'test/__labels__/refunds.test.ts.labels.json')
 */
export function parseLabels(value: unknown, where: string): LabelsFile {
  assertReadable(value, where, 4)
  const parsed = labelsFileSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  const at = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`
  const problem = issue?.message ?? 'not a labels file'
  throw new InvalidArgumentError(`The labels in ${where} cannot be read${at}: ${problem}`, FIX)
}

/**
 * Reads and checks the labels file at `path`. A file that is missing, not JSON or not a labels
 * file of this version throws an `InvalidArgumentError` naming the file and what to do.
 *
 * @example
 * const labels = readLabelsFile('test/__labels__/refunds.test.ts.labels.json')
 */
export function readLabelsFile(path: string): LabelsFile {
  if (typeof path !== 'string' || path.trim() === '') {
    throw new InvalidArgumentError(
      `readLabelsFile(path) needs the path of a labels file, got ${describeValue(path)}`,
      "Pass a file path, e.g. 'test/__labels__/refunds.test.ts.labels.json'.",
    )
  }
  let content: string
  try {
    content = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    throw new InvalidArgumentError(
      code === 'ENOENT'
        ? `There is no labels file at ${path}`
        : `The labels file ${path} could not be read (${error instanceof Error ? error.message : String(error)})`,
      code === 'ENOENT'
        ? 'Label the last run’s judged conversations with `npx vitest-scenario label` (it writes __labels__/<test file>.labels.json beside each test file), or give the path of a labels file that exists.'
        : 'Check the path and its permissions.',
    )
  }
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch (error) {
    throw new InvalidArgumentError(
      `The labels file ${path} is not JSON (${(error as Error).message})`,
      FIX,
    )
  }
  return parseLabels(value, path)
}

/**
 * Writes a labels file atomically (a temporary file in the same folder, then a rename): a
 * labeller that is killed mid-save leaves the old file or the new one, never half of one. Labels
 * are sorted (test, sample, outcome, criterion) and written with two-space indentation and a
 * final newline, so a re-save of the same labels changes no byte and a diff shows only what a
 * person changed. The content is checked first: what is written can always be read back.
 *
 * @example
 * writeLabelsFile(labelsPathFor('test/refunds.test.ts'), { kind: LABELS_KIND, version: 1, file: 'test/refunds.test.ts', labels })
 */
export function writeLabelsFile(path: string, file: LabelsFile): void {
  const checked = parseLabels(file, `writeLabelsFile(${JSON.stringify(path)}, file)`)
  const labels = [...checked.labels].sort(compareLabels)
  const content = `${JSON.stringify({ ...checked, labels }, null, 2)}\n`
  try {
    replaceFile(path, content)
  } catch (error) {
    throw new InvalidArgumentError(
      `The labels file ${path} could not be written (${error instanceof Error ? error.message : String(error)})`,
      'Check that its folder can be written to; the labels of this session are not saved.',
    )
  }
}

/**
 * The default labels file of a test file: `__labels__/<file name>.labels.json` in the test
 * file's folder (`test/refunds.test.ts` → `test/__labels__/refunds.test.ts.labels.json`).
 *
 * @example
 * labelsPathFor('test/refunds.test.ts') // 'test/__labels__/refunds.test.ts.labels.json'
 */
export function labelsPathFor(testFile: string): string {
  return join(dirname(testFile), LABELS_DIR, `${basename(testFile)}.labels.json`)
}

/** Whether two labels are of the same criterion of the same conversation (a re-label replaces). */
export function sameLabelKey(a: Label, b: Label): boolean {
  return (
    a.test === b.test &&
    a.project === b.project &&
    a.sample === b.sample &&
    a.outcome === b.outcome &&
    a.criterion === b.criterion
  )
}

function compareLabels(a: Label, b: Label): number {
  return (
    order(a.project ?? '', b.project ?? '') ||
    order(a.test, b.test) ||
    a.sample - b.sample ||
    order(a.outcome, b.outcome) ||
    order(a.criterion, b.criterion)
  )
}

// Code-point order, not the locale's: the file's order must not depend on who saved it.
function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
