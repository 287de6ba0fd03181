// One test's run as every host does it around its body: the test's recordings current in its async
// context, the network sealed while it records or replays, then the recordings finished and the
// test's failure made of the seal's refusals, the recording failures and the body's own error.

import type { RecordingSummary } from '../../recordings/session.js'
import { sealedTest, seal as sealNetwork, unseal, withinSeal } from '../../seal/network-seal.js'
import type { HostTest } from './host-test.js'
import type { RecordingSettings } from './recording-settings.js'
import { testFailure } from './test-failure.js'
import { TestRecordings } from './test-recordings.js'

/** How a host test ended: `failed` with `error` (what the runner should fail it with), or not. */
export interface HostTestOutcome {
  failed: boolean
  error: unknown
  /** The recording summary, when the test made a session. */
  summary: RecordingSummary | undefined
}

/**
 * Runs `body` as `test`: its model calls answered through the test's recordings, and, unless
 * recordings are off, the network sealed (`allowNetwork`: the hosts it may reach besides
 * loopback; `allowFix`: where a user sets them). Never throws: the outcome carries the error,
 * recording failures first (they explain what follows), the body's own after.
 *
 * @example
 * const outcome = await runHostTest(test, settings, seal, (recordings) => runScenarioBody(…))
 * if (outcome.failed) throw outcome.error
 */
export async function runHostTest(
  test: HostTest,
  settings: RecordingSettings,
  seal: { allowNetwork: readonly string[] | undefined; allowFix: string },
  body: (recordings: TestRecordings) => Promise<void>,
): Promise<HostTestOutcome> {
  const recordings = new TestRecordings(test, settings)
  const { mode } = test
  const name = test.names.join(' > ')
  const sealed = mode === 'off' ? undefined : sealedTest({ name, mode, ...seal })
  let error: unknown
  let failed = false
  try {
    const run = () => body(recordings)
    if (sealed !== undefined) await sealNetwork(sealed)
    await recordings.runInTest(() => (sealed === undefined ? run() : withinSeal(sealed, run)))
  } catch (thrown) {
    failed = true
    error = thrown
  }
  const refused = sealed === undefined ? [] : unseal(sealed)
  const { summary, failures } = await recordings.finish(failed || refused.length > 0)
  const all = [...refused, ...failures]
  if (all.length === 0) return { failed, error, summary }
  return { failed: true, error: testFailure(all, failed ? error : undefined), summary }
}
