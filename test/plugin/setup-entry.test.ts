import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test, vi } from 'vitest'
import type { ProvidedOptions } from '../../src/hosts/vitest/plugin/provided.js'

// The setup entry in a worker, with what the plugin resolved in the main process: it reads that
// one object (mocked here as `inject` would return it) and recomputes nothing.
const provided = vi.hoisted((): { value: ProvidedOptions } => ({
  value: {
    root: '/project',
    recordings: {
      redactModule: '',
    },
    maxConcurrentCalls: 3,
    updateState: 'new',
    modeOverride: 'off',
    mode: 'off',
    testTimeout: 5000,
  },
}))
const REDACT = fileURLToPath(new URL('./fixtures/redact-closure.ts', import.meta.url))
provided.value.recordings.redactModule = REDACT

vi.mock('../../src/hosts/vitest/setup/provided-options.js', () => ({
  providedOptions: () => provided.value,
}))

const { processLimiter } = await import('../../src/models/limiter.js')
await import('../../src/hosts/vitest/setup/index.js')
const { redactHookOf } = await import('../../src/hosts/core/redact-module.js')
const { currentSecretSettings } = await import('../../src/secrets/current-settings.js')
const { defaultTimeout, LIVE_TIMEOUT_MS } = await import(
  '../../src/hosts/vitest/scenario/scenario-timeout.js'
)

afterAll(() => {
  processLimiter.capacity = 8
})

describe('the setup entry', () => {
  test("sizes the worker's limiter with the plugin's maxConcurrentCalls", () => {
    expect(processLimiter.capacity).toBe(3)
  })

  test('loads the redact module through the module runner: a closure over an imported helper works', () => {
    // The test runs with its host's settings: the hook the setup entry loaded.
    const redact = currentSecretSettings().redact
    expect(redact?.('I am tenant-123456.', 'request.body.messages.0.content')).toBe(
      'I am <tenant>.',
    )
    expect(() => redact?.('x', 'boom')).toThrow(
      `[vitest-scenario] The recordings.redact hook of ${REDACT} threw SyntaxError`,
    )
  })

  test('a module without a function as its default export is refused, naming it', () => {
    expect(() => redactHookOf('/p/redact.ts', { redact: () => '' })).toThrow(
      '[vitest-scenario] The recordings.redact module /p/redact.ts has no function as its default export (got undefined)',
    )
  })
})

describe("scenario()'s default timeout", () => {
  test('comes from the mode the plugin resolved, never from the environment again', () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'replay')
    try {
      provided.value = { ...provided.value, mode: 'new' }
      expect(defaultTimeout()).toBe(LIVE_TIMEOUT_MS)
      provided.value = { ...provided.value, mode: 'replay' }
      expect(defaultTimeout()).toBeUndefined()
      provided.value = { ...provided.value, mode: 'rerecord', testTimeout: 90_000 }
      expect(defaultTimeout()).toBe(90_000)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
