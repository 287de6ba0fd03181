import { expect, test } from 'vitest'
import { prepareSample, runVitest, vitestVersion } from '../support/sample-project.js'

test(`the basic sample runs on Vitest ${vitestVersion} under Node ${process.version} and reports its intended failure`, () => {
  const result = runVitest(prepareSample('basic'))
  expect(result.output).toContain(`RUN  v${vitestVersion} `)
  expect(result.output).toContain(`[sample] node ${process.version}, vitest ${vitestVersion}`)
  expect(result.output).toMatch(/✓ basic\.test\.ts > runs a scenario from the packed package/)
  expect(result.output).toMatch(/× basic\.test\.ts > fails on purpose/)
  expect(result.output).toContain('FAIL  basic.test.ts > fails on purpose')
  expect(result.output).toContain(
    "AssertionError: expected { status: 'completed', turnCount: 2 } to deeply equal",
  )
  expect(result.output).toContain('-   "status": "limit_reached",')
  expect(result.output).toContain('+   "status": "completed",')
  expect(result.output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/)
  expect(result.code).toBe(1)
}, 120_000)
