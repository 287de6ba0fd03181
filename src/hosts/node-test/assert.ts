// The scenario assertions for node:test, which has no `expect`: the host core's assertion
// functions, and the conversation snapshot through node:test's own snapshots.
import type { TestContext } from 'node:test'
import { InvalidArgumentError } from '../../errors/index.js'
import { TestRecordings } from '../../host.js'
import { createConversationSerializer } from '../../snapshot/index.js'
import { assertionFunctions, type ScenarioAssertions } from '../core/assertion-functions.js'

/** What `assertScenario(result)` returns: the assertions, `.not`, and the conversation snapshot. */
export interface ScenarioAssert extends ScenarioAssertions {
  /** The same assertions, negated. */
  readonly not: ScenarioAssertions
  /**
   * Matches the transcript against this test's node:test snapshot (`t.assert.snapshot`, Node 22.3
   * and later; `--test-update-snapshots` writes it). Older Nodes throw, saying so.
   */
  toMatchConversationSnapshot(t: TestContext): void
}

/**
 * The scenario assertions: each throws node:assert's `AssertionError` with the matcher's message
 * (its compared values as `expected` / `actual`) when it fails.
 *
 * @example
 * assertScenario(result).toHaveStatus('completed')
 * assertScenario(result).not.toHaveVisited('escalate')
 * assertScenario(result).toMatchConversationSnapshot(t)
 */
export function assertScenario(result: unknown): ScenarioAssert {
  const on = (isNot: boolean) =>
    assertionFunctions(result, isNot, 'assertScenario', TestRecordings.current)
  return Object.assign(on(false), {
    not: on(true),
    toMatchConversationSnapshot: (t: TestContext) => conversationSnapshot(result, t),
  })
}

/** The transcript through node:test's snapshot assertion, stored as the text it is. */
function conversationSnapshot(result: unknown, t: TestContext): void {
  const assert = (t as { assert?: { snapshot?: unknown } } | undefined)?.assert
  if (typeof assert?.snapshot !== 'function') {
    throw new InvalidArgumentError(
      `toMatchConversationSnapshot(t) needs node:test's snapshot assertion, t.assert.snapshot, which Node ${process.version} does not have`,
      'Run the test on Node 22.3 or later (22.3 to 23.3 also need --experimental-test-snapshots), passing the test context: assertScenario(result).toMatchConversationSnapshot(t). On an older Node, assert on the result instead.',
    )
  }
  const text = createConversationSerializer(() => ({ test: t.fullName })).serialize(result)
  assert.snapshot(text, { serializers: [(value: unknown) => String(value)] })
}
