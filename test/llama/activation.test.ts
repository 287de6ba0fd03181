import { describe, expect, test } from 'vitest'
import { llamaActivation } from '../support/llama/activation.js'

describe('when the llama-server suite runs', () => {
  test('in CI on linux-x64 it runs', () => {
    expect(llamaActivation({ CI: 'true' }, 'linux', 'x64')).toEqual({
      enabled: true,
      reason: 'CI=true',
    })
  })

  test('outside CI it runs only when asked to with VITEST_SCENARIO_LLAMA=1', () => {
    expect(llamaActivation({ VITEST_SCENARIO_LLAMA: '1' }, 'linux', 'x64').enabled).toBe(true)
    const off = llamaActivation({ CI: 'false', VITEST_SCENARIO_LLAMA: '0' }, 'linux', 'x64')
    expect(off.enabled).toBe(false)
    expect(off.reason).toMatch(/skipped outside CI: set VITEST_SCENARIO_LLAMA=1/)
  })

  test('off linux-x64 it is skipped, even in CI, and says why', () => {
    for (const [platform, arch] of [
      ['darwin', 'arm64'],
      ['linux', 'arm64'],
      ['win32', 'x64'],
    ] as const) {
      const activation = llamaActivation({ CI: 'true' }, platform, arch)
      expect(activation.enabled).toBe(false)
      expect(activation.reason).toContain(`this is ${platform}-${arch}`)
    }
  })
})
