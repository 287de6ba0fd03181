import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { JestScenarioReporter } from '../../src/hosts/jest/reporter.js'
import { RESULTS_DIR_ENV } from '../../src/hosts/jest/results-channel.js'
import { repoRoot } from '../support/paths.js'

// The Jest reporter's `github` option: `onRunComplete` hands Jest a promise to wait for, and
// says on stderr why nothing was posted (outside Actions, one shard of several).
const rootDir = join(repoRoot, 'test-results/jest-reporter-review')
mkdirSync(rootDir, { recursive: true })

async function stderrOf(reporter: JestScenarioReporter): Promise<string> {
  const printed: string[] = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk))
    return true
  })
  try {
    const done = reporter.onRunComplete()
    expect(done).toBeInstanceOf(Promise)
    await done
  } finally {
    vi.mocked(process.stderr.write).mockRestore()
  }
  return printed.join('')
}

// The reporter names its results folder in the environment: put back after each test.
beforeEach(() => {
  vi.stubEnv(RESULTS_DIR_ENV, undefined)
})

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('JestScenarioReporter({ github })', () => {
  test('outside GitHub Actions: one line saying nothing was posted', async () => {
    vi.stubEnv('GITHUB_ACTIONS', undefined)
    const output = await stderrOf(new JestScenarioReporter({ rootDir }, { github: true }))
    expect(output).toMatch(
      /the reporter's github option posted nothing: this run is not in GitHub Actions/,
    )
  })

  test('one shard of several posts nothing and says to merge first', async () => {
    vi.stubEnv('GITHUB_ACTIONS', 'true')
    const reporter = new JestScenarioReporter(
      { rootDir, shard: { shardIndex: 1, shardCount: 2 } },
      { github: { suite: 'jest' } },
    )
    expect(await stderrOf(reporter)).toMatch(
      /posted nothing: this is shard 1\/2 of the run; merge the shards' reports first/,
    )
  })

  test('without the option, onRunComplete returns nothing to wait for', () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      expect(new JestScenarioReporter({ rootDir }, {}).onRunComplete()).toBeUndefined()
    } finally {
      vi.mocked(process.stderr.write).mockRestore()
    }
  })
})
