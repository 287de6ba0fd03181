import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { matchers } from '../../matchers/index.js'
import { repoRoot } from '../support/paths.js'
import { kept } from './support.js'

describe('the matchers object', () => {
  test('a matcher also works as an asymmetric matcher inside toEqual', async () => {
    const result = await kept()
    expect({ run: result }).toEqual({ run: expect.toHaveStatus('completed') })
    expect({ run: result }).not.toEqual({ run: expect.toHaveTurnCount(3) })
  })

  test('the matchers object holds only the matcher functions', () => {
    expect(Object.keys(matchers).sort()).toEqual([
      'toBeConsistentAcross',
      'toHaveCalledTool',
      'toHaveFollowedPath',
      'toHaveHandedOffTo',
      'toHavePassRate',
      'toHaveStatus',
      'toHaveToolTrajectory',
      'toHaveTrippedGuardrail',
      'toHaveTurnCheck',
      'toHaveTurnCount',
      'toHaveVisited',
      'toPassOutcomes',
      'toSatisfyOutcome',
    ])
    for (const fn of Object.values(matchers)) expect(fn).toBeTypeOf('function')
  })

  test('the matcher sources take only types from Vitest, so another runner can register them', () => {
    const dir = join(repoRoot, 'matchers')
    // Every import or export statement (multi-line ones included) and side-effect import.
    const statement = /^(?:import|export)\s[^;'"]*?(?:from\s+)?'([^']+)'/gm
    const fromVitest = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(join(dir, file), 'utf8').matchAll(statement)]
          .filter(([, specifier]) => /^(?:vitest|@vitest\/)/.test(specifier ?? ''))
          .map(([text]) => `${file}: ${text}`),
      )
    // The scan sees the type imports (so it would see any other import) …
    expect(fromVitest).toContain("matcher-types.ts: import type { MatcherState } from 'vitest'")
    // … and there is nothing else.
    expect(fromVitest.filter((line) => !/^[\w.-]+: (?:import|export) type\s/.test(line))).toEqual(
      [],
    )
  })
})
