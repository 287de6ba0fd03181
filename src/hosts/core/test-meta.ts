// A scenario test's reporter meta, built once, when the test ends: from every run the body made
// (a test with n runs or samples builds it once, not after each run over all the results so
// far). Redacted and masked here, in the worker: the meta leaves the test.

import type { ScenarioDefinition } from '../../scenario/index.js'
import type { ScenarioExecutionResult } from '../../state/types.js'
import { metaText } from './meta/meta-text.js'
import { type ScenarioMeta, scenarioMeta } from './meta/scenario-meta.js'

/** Where a test's meta goes: the host's side of it. */
export interface MetaHost {
  /** Hands the test's meta to the host's reporter (task meta, a results file). */
  annotate(meta: ScenarioMeta): void
  /**
   * Runs `publish` when the runner ends the test, when the host has such a hook (Vitest's
   * `onTestFinished`): a test that times out while its body still waits is reported with the
   * runs it finished. Without one, the meta is built when the body ends.
   */
  atTestEnd?: ((publish: () => void) => void) | undefined
}

/** A test's meta, gathered while it runs and built once. */
export interface TestMeta {
  /** Called after each run with that run's results (one, or one per sample). */
  ran(results: readonly ScenarioExecutionResult[]): void
  /** Builds the meta from every run so far and hands it to the host, once; then does nothing. */
  publish(): void
}

/**
 * The meta of one test of `definition`. Nothing is built until `publish()`, and a test that made
 * no run has no meta (the reports leave it out, as any test that is not a scenario).
 *
 * @example
 * const meta = testMeta(host, definition, options.samples)
 * meta.ran([await runScenario(definition, runOptions)])
 * meta.publish()
 */
export function testMeta(
  host: MetaHost,
  definition: ScenarioDefinition,
  samples: number | undefined,
): TestMeta {
  // Dropped once published: a runner keeps a test's finish hooks (and so this closure) until the
  // file ends, and must not keep the definition and every result of the test with them.
  let open: { host: MetaHost; definition: ScenarioDefinition } | undefined = { host, definition }
  let results: ScenarioExecutionResult[] = []
  const publish = (): void => {
    if (open === undefined) return
    const { host: to, definition: of } = open
    const all = results
    open = undefined
    results = []
    if (all.length === 0) return
    to.annotate(scenarioMeta(of, all, { samples, text: metaText() }))
  }
  return {
    ran(list) {
      if (open === undefined) return
      if (results.length === 0) open.host.atTestEnd?.(publish)
      results.push(...list)
    },
    publish,
  }
}
