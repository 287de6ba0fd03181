// A project with neither the plugin nor a setup file: importing vitest-scenario in a test file
// registers the matchers, so `expect(result).toHaveStatus(…)` works in a plain test() instead of
// failing with Vitest's "Invalid Chai property: toHaveStatus".
import { expect, test } from 'vitest'
import { prepareSample, runVitest, vitestVersion } from '../support/sample-project.js'

test(`the matchers come with the import, without the setup entry, on Vitest ${vitestVersion}`, () => {
  const result = runVitest(prepareSample('matchers-no-setup'))
  const { output } = result
  expect(output).not.toContain('Invalid Chai property')
  expect(output).toMatch(/✓ runs\.test\.ts > the matchers work without the setup entry/)
  expect(output).toContain('FAIL  runs.test.ts > fails on purpose: the message is the matcher’s')
  expect(output).toContain("Error: expect(result).toHaveStatus('error')")
  expect(output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/)
  expect(result.code).toBe(1)
}, 120_000)
