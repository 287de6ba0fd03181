import { InvalidArgumentError, type MessageParts } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { commonLines, lineDiff } from './line-diff.js'
import type { RecordedRequest } from './normalize-request.js'
import { canonicalize, type Json } from './stable-json.js'

/** What a miss report is built from. */
export interface MissDetails {
  /** The recording file, relative to the Vitest root. */
  file: string
  mode: string
  test: string
  /** Why there was no match, in one clause. */
  reason: string
  /** 0-based index of the call within the test. */
  callIndex: number
  request: RecordedRequest
  /** Recorded requests no call of this test has used yet. */
  unused: readonly RecordedRequest[]
  /** The command that re-records this test. */
  command: string
  /**
   * Recordings of the test's folder that no test of its file owns, when the test has no
   * recording file: the test's own recording under an old name, maybe. Empty or absent when
   * there are none, or when the host cannot tell which tests the file has.
   */
  renameCandidates?: readonly RenameCandidate[] | undefined
}

/** A recording file no test of the file owns, named in a miss report as a renamed test's. */
export interface RenameCandidate {
  /** The file as messages show it (relative to the runner's root). */
  file: string
  /** The test's full name the file was recorded for; `undefined` when it could not be read. */
  test: string | undefined
  /** Whether it holds the request of the call that missed: renamed, it would replay that call. */
  holdsRequest: boolean
}

/** How many rename candidates a report lists; a folder of old recordings would drown the fix. */
const MAX_CANDIDATES = 5

/**
 * The message a miss fails its test with: the recording file, the mode, the normalized request,
 * a diff against the closest unused recorded request, and the exact command to re-record.
 */
export function missReport(details: MissDetails): MessageParts {
  const now = pretty(details.request)
  const lines = [
    `Request (normalized): ${details.request.method} ${details.request.path}`,
    indent(now),
  ]
  let closest: string | undefined
  let best = -1
  for (const request of details.unused) {
    const text = pretty(request)
    const score = commonLines(text, now)
    if (score > best) {
      best = score
      closest = text
    }
  }
  lines.push('')
  if (closest === undefined) lines.push('No unused recorded request is left to compare with.')
  else {
    lines.push('Diff against the closest unused recorded request (- recorded, + now):')
    lines.push(indent(lineDiff(closest, now)))
  }
  return {
    what: `No recording for model call #${details.callIndex + 1} of this test: ${details.reason}`,
    subjects: [`recording: ${details.file}`, `mode: ${details.mode}`, `test: ${details.test}`],
    details: lines.join('\n'),
    fix:
      renameFix(details) ??
      `Re-record this test (calls the model, needs its API key):\n  ${details.command}`,
  }
}

/**
 * The fix of a miss whose test has no recording file while its folder holds recordings no test
 * of the file owns: a renamed test's recording stays under the old name, since a recording's
 * file name is made from the test's full name (`recordingTestId`), and nothing in the file binds
 * it to that name (its `test` field is only informational, and the requests do not hold the
 * name). So a recording that holds the call's request replays once renamed to the name the test
 * looks for, with no model call and no API key; the exact `mv` is given when there is one such
 * file. (The renamed file's `test` field keeps the old name until the recording is next written,
 * e.g. under `-u`; only this hint reads it.) When none holds the request, renaming would not
 * replay the call: re-recording is the fix.
 */
function renameFix(details: MissDetails): string | undefined {
  const all = details.renameCandidates ?? []
  if (all.length === 0) return undefined
  const holding = all.filter((c) => c.holdsRequest)
  const named = holding.length > 0 ? holding : all
  const one = named.length === 1
  const list = named
    .slice(0, MAX_CANDIDATES)
    .map(
      (c) =>
        `  - ${c.file} (${c.test === undefined ? 'its test name could not be read' : `recorded for test '${c.test}'`})`,
    )
  if (named.length > MAX_CANDIDATES) list.push(`  - and ${named.length - MAX_CANDIDATES} more`)
  const rerecord = `  ${details.command}`
  if (holding.length === 0) {
    return [
      `This test may have been renamed: ${one ? 'a recording' : `${named.length} recordings`} in its folder ${one ? 'belongs' : 'belong'} to no test of its file:`,
      ...list,
      `${one ? 'It does not hold' : 'None of them holds'} this call's request, so renaming ${one ? 'it' : 'one'} would not replay this call. Re-record this test (calls the model, needs its API key), then delete the old recording if it was this test's:`,
      rerecord,
    ].join('\n')
  }
  const target = shellQuote(details.file)
  return [
    `This test may have been renamed: ${one ? 'a recording' : `${named.length} recordings`} in its folder ${one ? 'belongs' : 'belong'} to no test of its file and ${one ? 'holds' : 'hold'} this call's request:`,
    ...list,
    `If ${one ? 'it is' : 'one of them is'} this test's recording under its old name, rename ${one ? 'it' : 'that file'} to the name this test looks for (the name is made from the test's full name; the recorded calls then replay as they are, with no model call), and commit the rename:`,
    one
      ? `  mv ${shellQuote((named[0] as RenameCandidate).file)} ${target}`
      : `  mv <old recording> ${target}`,
    'Otherwise re-record this test (calls the model, needs its API key):',
    rerecord,
  ].join('\n')
}

/**
 * The command that re-records one test: `vitest -u` for that file, filtered to that test's name
 * (Vitest matches `-t` against the describe chain and the name joined with spaces).
 *
 * @example
 * rerecordCommand('test/a.test.ts', ['suite', 'keeps it']) // npx vitest run test/a.test.ts -t 'suite keeps it' -u
 */
export function rerecordCommand(file: string, names: readonly string[]): string {
  const pattern = names.join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return `npx vitest run ${shellQuote(file)} -t ${shellQuote(pattern)} -u`
}

/**
 * The command that re-records one Jest test: the project's `test` script (which runs Jest, with
 * `--experimental-vm-modules` for an ESM project) on that file, filtered to the test's full name
 * with `-t`, and `-u`.
 *
 * @example
 * jestRerecordCommand('test/a.test.ts', 'suite keeps it') // npm test -- test/a.test.ts -t 'suite keeps it' -u
 */
export function jestRerecordCommand(file: string, fullName: string): string {
  const pattern = fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return `npm test -- ${shellQuote(file)} -t ${shellQuote(pattern)} -u`
}

/**
 * The command that re-records one node:test file: the whole file (node:test rewrites a snapshot
 * file whole, so a name filter would drop the other tests' snapshots), with
 * `--test-update-snapshots` where Node has it (22.3 and later), else `VITEST_SCENARIO_RECORD=all`.
 *
 * @example
 * nodeTestRerecordCommand('test/a.test.mjs', '24.1.0') // node --test --test-update-snapshots test/a.test.mjs
 */
export function nodeTestRerecordCommand(file: string, nodeVersion: string): string {
  if (typeof file !== 'string' || typeof nodeVersion !== 'string') {
    throw new InvalidArgumentError(
      `nodeTestRerecordCommand(file, nodeVersion) needs two strings, got ${describeValue(file)} and ${describeValue(nodeVersion)}`,
      "Pass the test file relative to the root and the Node version, e.g. ('test/a.test.mjs', process.versions.node).",
    )
  }
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number)
  if (major > 22 || (major === 22 && minor >= 3))
    return `node --test --test-update-snapshots ${shellQuote(file)}`
  return `VITEST_SCENARIO_RECORD=all node --test ${shellQuote(file)}`
}

function shellQuote(value: string): string {
  return /^[\w./@:=+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`
}

function pretty(request: RecordedRequest): string {
  return JSON.stringify(canonicalize(request as unknown as Json), null, 2)
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
