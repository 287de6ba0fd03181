import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot } from '../support/paths.js'
import { run } from '../support/run.js'
import { prepareSample, vitestVersion } from '../support/sample-project.js'

const vitestMajor = Number(vitestVersion.split('.')[0])

/** Runs the repository's `tsc` on one tsconfig of the sample. */
function tsc(cwd: string, project: string) {
  return run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd,
  })
}

test(`the packed package types the matchers for a user on Vitest ${vitestVersion}`, () => {
  const dir = prepareSample('matcher-types')

  // skipLibCheck: true (the default of `tsc --init`): the matchers, their arguments and their
  // return types (Promise<void> after .resolves and in expect.poll) check cleanly.
  const user = tsc(dir, 'tsconfig.json')
  expect(user.output.trim()).toBe('')
  expect(user.code).toBe(0)

  // The types come with `import … from 'vitest-scenario'`, not with '/core'.
  const core = tsc(dir, 'core-only/tsconfig.json')
  expect(core.output).toContain(
    "uses-core.ts(7,16): error TS2339: Property 'toHaveStatus' does not exist",
  )

  // skipLibCheck: false: Vitest 4 declares `Matchers<T = any>` like the package does, so there is
  // nothing to report; Vitest 5 declares `Matchers<R, T>`, and TypeScript reports TS2428 on both
  // declarations (the matcher types still work).
  const libCheck = tsc(dir, 'tsconfig.lib-check.json')
  const errors = libCheck.output.split('\n').filter((line) => line.includes('error TS'))
  if (vitestMajor === 4) {
    expect(errors).toEqual([])
    expect(libCheck.code).toBe(0)
  } else {
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(
      /vitest\/dist\/chunks\/[^/]+\.d\.ts\(\d+,\d+\): error TS2428: All declarations of 'Matchers' must have identical type parameters\.$/,
    )
    expect(errors[1]).toMatch(
      /^node_modules\/vitest-scenario\/dist\/matchers\/vitest-matchers\.d\.ts\(\d+,\d+\): error TS2428: /,
    )
  }
}, 120_000)
