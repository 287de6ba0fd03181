// Reads the scenario tests out of Vitest's reported test modules (the 3.0+ reporter API). The
// shapes below are the parts of `TestModule` / `TestCase` this file uses, written out so unit
// tests can pass plain objects; Vitest 4's and 5's classes both satisfy them.
import { clip } from './describe-when.js'
import type { RecordingStats, ScenarioEntry, TestState } from './scenario-entry.js'
import { isScenarioMeta } from './scenario-meta.js'

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

const ERROR_CLIP = 500
const MAX_ERRORS = 3
const STATES: readonly string[] = ['passed', 'failed', 'skipped', 'pending']

/** The scenario tests of the given modules, in module and test order (tests without scenario meta are left out). */
export function collectEntries(modules: Iterable<TestModuleLike>): ScenarioEntry[] {
  const entries: ScenarioEntry[] = []
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const entry = entryOf(test)
      if (entry !== undefined) entries.push(entry)
    }
  }
  return entries
}

function entryOf(test: TestCaseLike): ScenarioEntry | undefined {
  const meta = test.meta() as { scenario?: unknown; recording?: unknown }
  if (!isScenarioMeta(meta.scenario)) return undefined
  const result = test.result()
  const entry: ScenarioEntry = {
    test: test.fullName,
    file: test.module.relativeModuleId,
    state: (STATES.includes(result.state) ? result.state : 'pending') as TestState,
    errors: (result.errors ?? [])
      .slice(0, MAX_ERRORS)
      .map((error) => clip(firstLines(error.message ?? 'Unknown error'), ERROR_CLIP)),
    scenario: meta.scenario,
  }
  if (test.project.name !== '') entry.project = test.project.name
  const duration = test.diagnostic()?.duration
  if (duration !== undefined) entry.durationMs = Math.round(duration)
  const recording = recordingStats(meta.recording)
  if (recording !== undefined) entry.recording = recording
  return entry
}

// Assertion messages carry a diff after a blank line; the report keeps the headline.
function firstLines(message: string): string {
  const head = message.split(/\n\s*\n/)[0] ?? message
  // ANSI colour codes of a formatted message are noise in a file.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ESC is the point
  return head.replace(/\u001b\[[0-9;]*m/g, '').trim()
}

/**
 * Reads `task.meta.recording`: one summary `{ file, mode, replayed, recorded, misses, … }`, or
 * a list of them (one per sample), summed.
 */
export function recordingStats(value: unknown): RecordingStats | undefined {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  let stats: RecordingStats | undefined
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue
    const summary = item as Record<string, unknown>
    stats ??= { replayed: 0, recorded: 0, misses: 0, files: [] }
    stats.replayed += count(summary.replayed)
    stats.recorded += count(summary.recorded)
    stats.misses += count(summary.misses)
    if (typeof summary.file === 'string') stats.files.push(summary.file)
    if (typeof summary.mode === 'string') stats.mode = summary.mode
  }
  return stats
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}
