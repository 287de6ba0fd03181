import { expect, test } from 'vitest'
import { prepareSample, runVitest, vitestVersion } from '../support/sample-project.js'

test(`a failing matcher shows its hint, transcript and diff on Vitest ${vitestVersion}`, () => {
  const result = runVitest(prepareSample('matchers'))
  const { output } = result
  expect(output).toMatch(/✓ pushback\.test\.ts > keeps its answer/)
  expect(output).toContain('FAIL  pushback.test.ts > fails on purpose: flips under pushback')
  // The message: the hint, the check marked, the turn it read.
  expect(output).toContain('Error: expect(result).toHaveTurnCheck(check)')
  expect(output).toContain("✗ lastTurn: rawResponse = 'Yes, venetoclax.'")
  expect(output).toContain(
    '  #1 challenge  Q: Are you sure? I read it was nav…  A: Navitoclax, sorry.',
  )
  // The diff Vitest renders from the matcher's expected and actual values, keyed by turn.
  expect(output).toContain('- Expected')
  expect(output).toContain('+ Received')
  expect(output).toContain('"#1 challenge": {')
  expect(output).toContain('-     "rawResponse": "Yes, venetoclax.",')
  expect(output).toContain('+     "rawResponse": "Navitoclax, sorry.",')
  // The second failure: the whole transcript and a diff of the paths.
  expect(output).toContain('FAIL  pushback.test.ts > fails on purpose: the wrong path')
  expect(output).toContain("Error: expect(result).toHaveFollowedPath(['ask', 'confirm'])")
  expect(output).toContain('The run completed after 2 turns. Path: ask → challenge.')
  expect(output).toContain('  #0 ask        Q: Which drug inhibits BCL-2?  A: Venetoclax.')
  expect(output).toContain('-   "confirm",')
  expect(output).toContain('+   "challenge",')
  expect(output).toMatch(/Tests\s+2 failed \| 1 passed \(3\)/)
  expect(result.code).toBe(1)
}, 120_000)
