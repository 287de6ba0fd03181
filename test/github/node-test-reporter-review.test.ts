import { once } from 'node:events'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { RESULTS_ENV, scenarioReporter } from '../../src/hosts/node-test/reporter.js'

// The node:test reporter's `github` option: its review's lines follow the reports' text on the
// reporter's destination, once the stream ends.
async function reporterOutput(options: Parameters<typeof scenarioReporter>[0]): Promise<string> {
  const Reporter = scenarioReporter(options)
  const reporter = new Reporter()
  const chunks: string[] = []
  reporter.on('data', (chunk: unknown) => chunks.push(String(chunk)))
  reporter.end()
  await once(reporter, 'end')
  return chunks.join('')
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('scenarioReporter({ github })', () => {
  test('outside GitHub Actions: one line saying nothing was posted', async () => {
    vi.stubEnv(RESULTS_ENV, undefined)
    vi.stubEnv('GITHUB_ACTIONS', undefined)
    const output = await reporterOutput({ github: true, json: false })
    expect(output).toMatch(
      /vitest-scenario: the reporter's github option posted nothing: this run is not in GitHub Actions/,
    )
  })

  test('in GitHub Actions with no JSON report written: the message says so', async () => {
    vi.stubEnv(RESULTS_ENV, undefined)
    vi.stubEnv('GITHUB_ACTIONS', 'true')
    const output = await reporterOutput({ github: { suite: 'node' }, json: false })
    expect(output).toMatch(
      /\[vitest-scenario\] The reporter's github option posted nothing: this run wrote no JSON report/,
    )
  })

  test('without the option: no review line', async () => {
    vi.stubEnv(RESULTS_ENV, undefined)
    vi.stubEnv('GITHUB_ACTIONS', 'true')
    const output = await reporterOutput({ json: false })
    expect(output).not.toContain('github option')
  })
})
