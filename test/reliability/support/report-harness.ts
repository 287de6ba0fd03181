// Drives the scenario reporter as Vitest does (the 3.0+ reporter API), with test cases made of
// plain objects, and keeps everything it printed and wrote: terminal text (log), warnings and
// errors (stderr), the Markdown and HTML reports and the GitHub step summary.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { vi } from 'vitest'
import type { TestModule, Vitest } from 'vitest/node'
import {
  ScenarioReporter,
  type ScenarioReporterOptions,
} from '../../../src/hosts/vitest/reporter/index.js'
import type { TestCaseLike, TestModuleLike } from '../../../src/reporter/collect-entries.js'
import { resultsDir } from '../../support/paths.js'

/** A test case as the reporter API gives it, with `meta.scenario` (and maybe `meta.recording`). */
export function testCase(
  name: string,
  meta: object,
  options: { state?: string; file?: string; errors?: string[] } = {},
): TestCaseLike {
  return {
    fullName: name,
    module: { relativeModuleId: options.file ?? 'test/a.test.ts' },
    project: { name: '' },
    meta: () => meta,
    result: () => ({
      state: options.state ?? 'passed',
      errors: (options.errors ?? []).map((message) => ({ message })),
    }),
    diagnostic: () => ({ duration: 12 }),
  }
}

/** A test module holding `tests`. */
export function moduleOf(...tests: TestCaseLike[]): TestModuleLike {
  return { children: { allTests: () => tests } }
}

/** What one reporter run printed and wrote. */
export interface ReporterOutput {
  /** What went to the terminal through `logger.log`. */
  terminal: string
  /** `logger.warn` calls (stderr). */
  warnings: string[]
  /** `logger.error` calls (stderr). */
  errors: string[]
  /** The folder the reports were written under. */
  root: string
  markdown: string | undefined
  html: string | undefined
  stepSummary: string | undefined
}

/**
 * Runs the reporter's `onTestRunEnd` over `modules` in a fresh folder under test-results/, with
 * a Markdown and an HTML report and a step summary file (unless `options` say otherwise).
 */
export function runReporter(
  folder: string,
  modules: TestModuleLike[],
  options: {
    reporter?: ScenarioReporterOptions
    stepSummary?: string | null
    colors?: boolean
  } = {},
): ReporterOutput {
  const root = join(resultsDir, 'reliability-reports', folder)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  const stepSummary =
    options.stepSummary === null ? '' : (options.stepSummary ?? join(root, 'step-summary.md'))
  vi.stubEnv('GITHUB_STEP_SUMMARY', stepSummary)
  vi.stubEnv('NO_COLOR', options.colors === true ? '' : '1')
  vi.stubEnv('FORCE_COLOR', options.colors === true ? '1' : '0')
  const printed = { log: [] as string[], warn: [] as string[], error: [] as string[] }
  const reporter = new ScenarioReporter(
    options.reporter ?? { markdown: 'out/scenarios.md', html: 'out/scenarios.html' },
  )
  reporter.onInit({
    config: { root },
    logger: {
      log: (text: string) => printed.log.push(text),
      warn: (text: string) => printed.warn.push(text),
      error: (text: string) => printed.error.push(text),
      outputStream: { isTTY: false },
    },
  } as unknown as Vitest)
  reporter.onTestRunEnd(modules as unknown as TestModule[])
  const read = (path: string | undefined) =>
    path === undefined || path === '' || !existsSync(path) || !statSync(path).isFile()
      ? undefined
      : readFileSync(path, 'utf8')
  return {
    terminal: printed.log.join('\n'),
    warnings: printed.warn,
    errors: printed.error,
    root,
    markdown: read(join(root, 'out/scenarios.md')),
    html: read(join(root, 'out/scenarios.html')),
    stepSummary: read(stepSummary),
  }
}

/** Everything a reporter run put out, as one text: where a canary must not be. */
export function everything(output: ReporterOutput): string {
  return [
    output.terminal,
    ...output.warnings,
    ...output.errors,
    output.markdown ?? '',
    output.html ?? '',
    output.stepSummary ?? '',
  ].join('\n')
}
