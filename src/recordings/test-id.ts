import { hash } from 'node:crypto'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'

/** The longest slug a test id starts with. */
const MAX_SLUG = 100

/**
 * A test's recording id: its describe chain and name joined with ` > `, slugified to at most 100
 * characters, plus 8 hex characters of a hash of the full name, so titles that slugify alike
 * (parameterized tests) still get their own file. Sample `i` adds `.sample-<i>`.
 *
 * @example
 * recordingTestId(['pushback', 'keeps BCL2']) // 'pushback-keeps-bcl2-1a2b3c4d'
 */
export function recordingTestId(names: readonly string[], sample?: number): string {
  assertReadable(names, 'recordingTestId(names)')
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new InvalidArgumentError(
      `recordingTestId(names) needs the describe chain and test name (an array of strings), got ${describeValue(names)}`,
    )
  }
  if (sample !== undefined && !(Number.isInteger(sample) && sample >= 0)) {
    throw new InvalidArgumentError(
      `recordingTestId(names, sample) needs a sample index (an integer ≥ 0), got ${describeValue(sample)}`,
    )
  }
  const fullName = names.join(' > ')
  const slug = fullName
    .normalize('NFKD')
    // Accents come apart under NFKD; dropping the marks keeps `é` as `e` inside its word.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
  const digest = hash('sha256', fullName, 'hex').slice(0, 8)
  const id = slug === '' ? digest : `${slug}-${digest}`
  return sample === undefined ? id : `${id}.sample-${sample}`
}

/** The folder, beside the baseline's recordings, that holds each candidate's. */
export const CANDIDATES_FOLDER = '.candidates'

/** What a candidate's name may be: it names a folder. */
const CANDIDATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/**
 * Where the recordings of one test file live: `<test file dir>/__recordings__/<test file name>`,
 * or with `dir` (resolved against the root) `<dir>/<test file path relative to the root>`. A
 * candidate's go under `.candidates/<candidate>/` in place of the baseline's folder's root:
 * `__recordings__/.candidates/<candidate>/<test file name>`, `<dir>/.candidates/<candidate>/<path>`.
 *
 * @example
 * recordingFolder({ testFile: '/p/a.test.ts', root: '/p', candidate: 'gpt-5' })
 * // '/p/__recordings__/.candidates/gpt-5/a.test.ts'
 */
export function recordingFolder(options: {
  testFile: string
  root: string
  dir?: string | undefined
  candidate?: string | undefined
}): string {
  assertKnownKeys(options, ['testFile', 'root', 'dir', 'candidate'], 'recordingFolder(options)')
  const { testFile, root, dir, candidate } = options
  if (typeof testFile !== 'string' || typeof root !== 'string') {
    throw new InvalidArgumentError(
      `recordingFolder(options) needs \`testFile\` and \`root\` (paths), got ${describeValue(testFile)} and ${describeValue(root)}`,
    )
  }
  if (dir !== undefined && typeof dir !== 'string') {
    throw new InvalidArgumentError(
      `\`dir\` in recordingFolder(options) must be a path, got ${describeValue(dir)}`,
    )
  }
  if (
    candidate !== undefined &&
    !(typeof candidate === 'string' && CANDIDATE_NAME.test(candidate))
  ) {
    throw new InvalidArgumentError(
      `\`candidate\` in recordingFolder(options) must be a candidate's name (letters, digits, '.', '_' and '-', at most 64), got ${describeValue(candidate)}`,
    )
  }
  const side = candidate === undefined ? [] : [CANDIDATES_FOLDER, candidate]
  if (dir === undefined) {
    return join(dirname(testFile), '__recordings__', ...side, basename(testFile))
  }
  return join(resolve(root, dir), ...side, relative(root, testFile))
}

/** The recording file of one test. */
export function recordingPath(folder: string, testId: string): string {
  if (typeof folder !== 'string' || typeof testId !== 'string') {
    throw new InvalidArgumentError(
      `recordingPath(folder, testId) needs two strings, got ${describeValue(folder)} and ${describeValue(testId)}`,
    )
  }
  return join(folder, `${testId}.json`)
}

/**
 * The test id and sample index a recording file is named with (`<id>.json`,
 * `<id>.sample-<i>.json`), or `undefined` for a name that is no recording file (anything not
 * `.json`, such as the temporary file of an interrupted write).
 *
 * @example
 * recordingFileName('pushback-1a2b3c4d.sample-1.json') // { id: 'pushback-1a2b3c4d', sample: 1 }
 */
export function recordingFileName(
  name: string,
): { id: string; sample: number | undefined } | undefined {
  const parts = /^(.*?)(?:\.sample-(\d+))?\.json$/.exec(name)
  if (parts === null) return undefined
  const [, id = '', sample] = parts
  return { id, sample: sample === undefined ? undefined : Number(sample) }
}
