import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot } from '../support/paths.js'

/** The stack each CI leg must run on (SPEC section 1): Node, Vitest and openai major versions. */
const legs = {
  '1': { node: 20, vitest: 4, openai: 6 },
  '2': { node: 24, vitest: 5, openai: 7 },
} as const

const installed = (name: string): string =>
  (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

const major = (version: string): number => Number(/\d+/.exec(version)?.[0])

const leg = process.env.VITEST_SCENARIO_CI_LEG

test.runIf(leg !== undefined)(`CI leg ${leg} runs on the stack it names`, () => {
  const expected = legs[leg as keyof typeof legs]
  expect(expected, `unknown VITEST_SCENARIO_CI_LEG '${leg}'; valid: 1, 2`).toBeDefined()
  const actual = {
    node: major(process.version),
    vitest: major(installed('vitest')),
    openai: major(installed('openai')),
  }
  console.log(
    `[ci] leg ${leg}: node ${process.version}, vitest ${installed('vitest')}, openai ${installed('openai')}`,
  )
  expect(actual).toEqual(expected)
})
