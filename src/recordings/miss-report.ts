import type { MessageParts } from '../errors/index.js'
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
}

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
    fix: `Re-record this test (calls the model, needs its API key):\n  ${details.command}`,
  }
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
