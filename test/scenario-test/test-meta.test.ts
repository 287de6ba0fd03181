import { describe, expect, test } from 'vitest'
import { END, type Scenario, scriptedModel } from '../../src/core.js'
import type { ScenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { runScenarioBody, type ScenarioTestHost } from '../../src/hosts/core/run-scenario-body.js'

// The promise: a scenario test's reporter meta is built once, when the test ends, from every run
// of the test — not after each run over all the results so far (n runs cost n run-metas, not
// n(n+1)/2).

/** A host that counts the metas it is handed; `atTestEnd` keeps the hook when given. */
function host(hooks?: (() => void)[]) {
  const metas: ScenarioMeta[] = []
  const replies = Array.from({ length: 50 }, () => 'Paris.')
  const it: ScenarioTestHost<object> = {
    name: 'asks',
    context: {},
    signal: undefined,
    defaults: { model: scriptedModel(replies) },
    noModelFix: 'set a model',
    expect: (value) => expect(value),
    recording: () => undefined,
    gate: { check: () => {} },
    inSample: (_, fn) => fn(undefined),
    annotate: (meta) => {
      metas.push(meta)
    },
    ...(hooks === undefined ? {} : { atTestEnd: (publish: () => void) => hooks.push(publish) }),
  }
  return { it, metas }
}

const build = (s: Scenario) =>
  s.addNode('ask', { question: 'Capital of France?' }).addEdge('ask', END).setEntry('ask')

describe('the meta of a scenario test', () => {
  test.each([1, 5, 20])('is built once for a test of %i runs, holding every run', async (n) => {
    const { it, metas } = host()
    await runScenarioBody(
      it,
      {},
      build,
      async ({ run }) => {
        for (let i = 0; i < n; i++) await run()
      },
      [],
    )
    expect(metas).toHaveLength(1)
    expect(metas[0]?.runs).toHaveLength(n)
    expect(metas[0]?.samples).toBeUndefined()
  })

  test('is built once for a test of samples, run() twice: every sample of both', async () => {
    const { it, metas } = host()
    await runScenarioBody(
      it,
      { samples: 3 },
      build,
      async ({ run }) => {
        await run()
        await run()
      },
      [],
    )
    expect(metas).toHaveLength(1)
    expect(metas[0]?.runs).toHaveLength(6)
    expect(metas[0]?.samples?.n).toBe(6)
  })

  test('is built when the body fails after a run, and not at all without a run', async () => {
    const { it, metas } = host()
    const failing = runScenarioBody(
      it,
      {},
      build,
      async ({ run }) => {
        await run()
        throw new Error('assertion failed')
      },
      [],
    )
    await expect(failing).rejects.toThrow('assertion failed')
    expect(metas).toHaveLength(1)
    const early = runScenarioBody(
      it,
      {},
      build,
      async () => {
        throw new Error('before any run')
      },
      [],
    )
    await expect(early).rejects.toThrow('before any run')
    expect(metas).toHaveLength(1)
  })

  test("the host's end-of-test hook builds it with the runs finished so far, once", async () => {
    const hooks: (() => void)[] = []
    const { it, metas } = host(hooks)
    let reached = () => {}
    const ended = new Promise<void>((resolve) => {
      reached = resolve
    })
    let release = () => {}
    const waiting = new Promise<void>((resolve) => {
      release = resolve
    })
    const body = runScenarioBody(
      it,
      {},
      build,
      async ({ run }) => {
        await run()
        await run()
        // The runner ends the test here (a timeout) while the body still waits.
        reached()
        await waiting
        await run()
      },
      [],
    )
    await ended
    // Registered once, at the first run.
    expect(hooks).toHaveLength(1)
    for (const hook of hooks) hook()
    expect(metas).toHaveLength(1)
    expect(metas[0]?.runs).toHaveLength(2)
    release()
    await body
    // Neither the late run nor the body's end builds it again.
    expect(metas).toHaveLength(1)
  })
})
