// Reads the scenario tests out of Vitest's reported test modules (the 3.0+ reporter API). The
// shapes below are the parts of `TestModule` / `TestCase` this file uses, written out so unit
// tests can pass plain objects; Vitest 4's and 5's classes both satisfy them.
import { clip } from '../hosts/core/meta/describe-when.js'
import { reportMask } from '../hosts/core/meta/meta-text.js'
import { readScenarioMeta } from '../hosts/core/meta/read-meta.js'
import { MAX_META_STRING } from '../hosts/core/meta/scenario-meta.js'
import { boundedFailure } from './failure-text.js'
import type { RecordingStats, ScenarioEntry, TestState } from './scenario-entry.js'

/** The parts of a `TestCase` the reporter reads. */
export interface TestCaseLike {
  readonly fullName: string
  readonly module: { readonly relativeModuleId: string }
  readonly project: { readonly name: string }
  meta(): object
  result(): {
    readonly state: string
    readonly errors?: ReadonlyArray<{ readonly message?: string | undefined }> | undefined
  }
  diagnostic(): { readonly duration: number } | undefined
}

/** The parts of a `TestModule` the reporter reads. */
export interface TestModuleLike {
  readonly children: { allTests(): Iterable<TestCaseLike> }
}

const MAX_ERRORS = 3
const STATES: readonly string[] = ['passed', 'failed', 'skipped', 'pending']

/** A scenario test the reports leave out: its `meta.scenario` could not be read. */
export interface SkippedEntry {
  /** The test's full name (masked). */
  test: string
  /** The test file, relative to the project root (masked). */
  file: string
  /** What was wrong, as `path: problem` (types and sizes, never values). */
  problem: string
}

/**
 * The scenario tests of the given modules, in module and test order (tests without scenario
 * meta are left out). A test whose scenario meta is malformed is pushed onto `skipped` instead:
 * one bad entry never takes the others down. Every string is masked (`[secret]`) on the way in.
 */
export function collectEntries(
  modules: Iterable<TestModuleLike>,
  skipped: SkippedEntry[] = [],
): ScenarioEntry[] {
  const mask = reportMask()
  const entries: ScenarioEntry[] = []
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      try {
        const entry = entryOf(test, mask, skipped)
        if (entry !== undefined) entries.push(entry)
      } catch (error) {
        // Whatever else is wrong with one test's data, the other tests are still reported.
        skipped.push({
          test: clip(mask(String(test.fullName)), MAX_META_STRING),
          file: clip(mask(String(test.module.relativeModuleId)), MAX_META_STRING),
          problem: `could not be read (${clip(mask(error instanceof Error ? error.message : String(error)), 300)})`,
        })
      }
    }
  }
  return entries
}

function entryOf(
  test: TestCaseLike,
  mask: (text: string) => string,
  skipped: SkippedEntry[],
): ScenarioEntry | undefined {
  const meta = test.meta() as { scenario?: unknown; recording?: unknown }
  if (meta.scenario === undefined) return undefined
  const name = clip(mask(String(test.fullName)), MAX_META_STRING)
  const file = clip(mask(String(test.module.relativeModuleId)), MAX_META_STRING)
  const reading = readScenarioMeta(meta.scenario, mask)
  if (!reading.ok) {
    skipped.push({ test: name, file, problem: reading.problem })
    return undefined
  }
  const result = test.result()
  const entry: ScenarioEntry = {
    test: name,
    file,
    state: (STATES.includes(result.state) ? result.state : 'pending') as TestState,
    // The whole message, masked before it is bounded: a key cut in half would no longer be
    // recognised.
    errors: (result.errors ?? [])
      .slice(0, MAX_ERRORS)
      .map((error) => boundedFailure(mask(plainText(String(error.message ?? 'Unknown error'))))),
    scenario: reading.meta,
  }
  if (test.project.name !== '') entry.project = clip(mask(test.project.name), MAX_META_STRING)
  const duration = test.diagnostic()?.duration
  if (duration !== undefined && Number.isFinite(duration)) entry.durationMs = Math.round(duration)
  const recording = recordingStats(meta.recording, mask)
  if (recording !== undefined) entry.recording = recording
  return entry
}

// Every line of the message is kept: the lines after the first one (a library error's subjects
// and fix, a matcher's criteria and diff, often after a blank line) are what a reader needs.
function plainText(message: string): string {
  return (
    message
      // ANSI colour codes of a formatted message are noise in a file.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ESC is the point
      .replace(/\u001b\[[0-9;]*m/g, '')
      // One kind of line break, so the reports can split the message into lines.
      .replace(/\r\n?/g, '\n')
      .trim()
  )
}

/**
 * Reads `task.meta.recording`: one summary `{ file, mode, replayed, recorded, misses, … }`, or
 * a list of them (one per sample), summed; strings through `mask`.
 */
export function recordingStats(
  value: unknown,
  mask: (text: string) => string = (text) => text,
): RecordingStats | undefined {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  let stats: RecordingStats | undefined
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue
    const summary = item as Record<string, unknown>
    stats ??= { replayed: 0, recorded: 0, misses: 0, files: [] }
    stats.replayed += count(summary.replayed)
    stats.recorded += count(summary.recorded)
    stats.misses += count(summary.misses)
    if (typeof summary.file === 'string')
      stats.files.push(clip(mask(summary.file), MAX_META_STRING))
    if (typeof summary.mode === 'string') stats.mode = clip(mask(summary.mode), 40)
  }
  return stats
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}
