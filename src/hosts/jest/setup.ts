// Side-effect entry for Jest's `setupFilesAfterEnv` (`withScenario` adds it): hands Jest's globals
// to the Jest host, sizes the worker's limiter, loads the `redact` module, registers the scenario
// matchers and the conversation snapshot serializer, and finishes the recordings of each test that
// is not a `scenario()` (a plain `test()` using `wrap()` or `recordedFetch`). Jest runs it before
// every test file, in the test environment: the only place `@jest/globals` may be imported.
import { afterAll, afterEach, beforeEach, expect, test } from '@jest/globals'
import { processLimiter } from '../../models/limiter.js'
import { type SealedTest, seal, sealedTest, unseal } from '../../seal/network-seal.js'
import { redactHookOf } from '../core/redact-module.js'
import { testFailure } from '../core/test-failure.js'
import { type JestGlobals, useJestGlobals } from './jest-globals.js'
import type { JestTest } from './jest-test.js'
import { providedJestOptions } from './options.js'
import { finishJestRecordings, jestTestNow, useJestRedact, willFinish } from './recordings.js'
import { registerJestMatchers } from './register-matchers.js'

useJestGlobals({
  expect: expect as unknown as JestGlobals['expect'],
  test: test as unknown as JestTest,
  beforeEach,
  afterEach,
  afterAll,
})

const provided = providedJestOptions()
if (provided !== undefined) {
  processLimiter.capacity = provided.maxConcurrentCalls
  const redact = provided.recordings.redactModule
  // Imported through Jest's module loader, so a TypeScript module goes through the project's
  // transform, as test files do.
  if (redact !== undefined) {
    useJestRedact(redactHookOf(redact, await import(/* @vite-ignore */ redact)))
  }
}

registerJestMatchers()

/** The network seal of each running test (see seal/network-seal.ts), by test. */
const sealedTests = new Map<unknown, SealedTest>()

beforeEach(async () => {
  const now = jestTestNow()
  if (now === undefined) return
  willFinish(now)
  // Every test that records or replays is sealed for its duration. Jest runs no hooks for
  // test.concurrent tests, so those are not sealed.
  if (now.mode === 'off') return
  const sealed = sealedTest({
    name: now.fullName,
    mode: now.mode,
    allowNetwork: providedJestOptions()?.allowNetwork,
    allowFix: 'withScenario(jestConfig, { allowNetwork }) in jest.config.js',
  })
  sealedTests.set(now.key, sealed)
  await seal(sealed)
})

afterEach(async () => {
  const now = jestTestNow()
  if (now === undefined) return
  const sealed = sealedTests.get(now.key)
  sealedTests.delete(now.key)
  const refused = sealed === undefined ? [] : unseal(sealed)
  // A scenario() test finished its recordings already; this finishes a plain test's.
  const finished = await finishJestRecordings(now, testFailedSoFar() || refused.length > 0)
  const failures = [...refused, ...finished.failures]
  if (failures.length > 0) throw testFailure(failures, undefined)
})

/**
 * Whether the running test has failed so far: Jest's test identity is jest-circus's test record,
 * which collects the test's errors. A recording of a failed test is kept as `partial`.
 */
function testFailedSoFar(): boolean {
  const state = (expect as unknown as JestGlobals['expect']).getState()
  const errors = (state.currentTestIdentity?.() as { errors?: unknown } | undefined)?.errors
  return Array.isArray(errors) && errors.length > 0
}
