import { expect } from 'vitest'
import { scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

scenario(
  'runs three samples, each with its own recording',
  { samples: Number(process.env.SCENARIO_SAMPLES ?? 3) },
  (s) => twoTurns(s),
  async ({ run }) => {
    const set = await run()
    expect(set.results).toHaveLength(Number(process.env.SCENARIO_SAMPLES ?? 3))
    expect(set.passRate).toBe(1)
    expect(set).toHavePassRate(0.3)
    console.log(
      `[samples] replayed=${set.results.map((r) => r.usage.replayed === true).join(',')} low=${set.interval.low.toFixed(3)}`,
    )
  },
)
