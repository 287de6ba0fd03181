// The folder a Jest run's workers write their scenario records to (see results-channel.ts). The
// reporter makes it in its constructor: Jest constructs reporters before it starts the workers
// (TestScheduler sets up reporters, then builds the test runner, which forks them), so the
// workers inherit the variable that names it; with `--runInBand` the tests run in this process
// and read the same variable. It is removed when the run completes, or when the process exits.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RESULTS_DIR_ENV } from './results-channel.js'

/** One reporter's hold on the run's results folder. */
export interface ResultsFolder {
  /** The folder, or `undefined` when it could not be made (`error` says why). */
  readonly dir: string | undefined
  readonly error: unknown
  /** Lets go of the folder; the last holder removes it and restores the variable. */
  close(): void
}

interface Shared {
  readonly dir: string
  /** The variable's value before the run, put back after it (a Jest run inside another). */
  readonly previous: string | undefined
  readonly onExit: () => void
  holders: number
}

// The variable can name one folder, so every reporter instance of a run shares it: a config
// that lists the reporter twice (two report sets) gets the records in both.
let current: Shared | undefined

/**
 * Makes the run's results folder under the OS temp folder and names it in the variable the
 * workers read, or joins the folder another reporter instance of this run made. Never throws: a
 * folder that cannot be made means reports without scenarios, not a failed run.
 */
export function openResultsFolder(): ResultsFolder {
  if (current === undefined || process.env[RESULTS_DIR_ENV] !== current.dir) {
    let dir: string
    try {
      dir = mkdtempSync(join(tmpdir(), 'vitest-scenario-jest-'))
    } catch (error) {
      return { dir: undefined, error, close: () => {} }
    }
    const made = dir
    // A run that never completes (an interrupted watch, a crash) leaves no folder behind.
    const onExit = () => rmSync(made, { recursive: true, force: true })
    process.once('exit', onExit)
    current = { dir, previous: process.env[RESULTS_DIR_ENV], onExit, holders: 0 }
    process.env[RESULTS_DIR_ENV] = dir
  }
  const shared = current
  shared.holders += 1
  let closed = false
  return {
    dir: shared.dir,
    error: undefined,
    close: () => {
      if (closed) return
      closed = true
      shared.holders -= 1
      if (shared.holders > 0) return
      process.removeListener('exit', shared.onExit)
      try {
        rmSync(shared.dir, { recursive: true, force: true })
      } catch {
        // A temp folder left behind is the OS's to clean; the reports are written already.
      }
      if (process.env[RESULTS_DIR_ENV] === shared.dir) {
        if (shared.previous === undefined) delete process.env[RESULTS_DIR_ENV]
        else process.env[RESULTS_DIR_ENV] = shared.previous
      }
      if (current === shared) current = undefined
    },
  }
}
