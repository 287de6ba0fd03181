import { describe, expect, test } from 'vitest'
import { hostBound } from '../../../src/hosts/core/host-bound.js'
import { RecordingSession } from '../../../src/recordings/session.js'
import { memoryStore } from '../../../src/recordings/store.js'
import {
  judgedReport,
  labelOf,
  labelsFile,
  projectWith,
} from '../../calibration/support/labelled-run.js'
import { useScriptedServer } from '../../models/server-fixture.js'

const { server, model } = useScriptedServer()

const replaying = () =>
  new RecordingSession({
    file: '/recordings/none.json',
    displayFile: 'none.json',
    test: 'calibration',
    mode: 'replay',
    command: 'npx vitest run',
    store: memoryStore(),
  })

describe("a host's calibrateJudge", () => {
  const root = projectWith(judgedReport([['met', 'met']]), {})
  const labels = labelsFile([labelOf(0, 0, 'met')])

  test("re-judges through the running test's recording, and checks the host gate first", async () => {
    const checked: string[] = []
    const session = replaying()
    const bound = hostBound(() => session, { check: (what) => void checked.push(what) })
    // The test's recording has no answer: a replay miss, so no request reaches the server.
    await expect(bound.calibrateJudge(labels, { root, judge: { model: model() } })).rejects.toThrow(
      /calibrateJudge\(\) could not judge .* again/,
    )
    expect(server().requests).toHaveLength(0)
    expect(checked).toEqual(['calibrateJudge()'])
  })

  test('reads only files without a judge: no gate, no recording needed', async () => {
    const bound = hostBound(() => undefined, {
      check: () => {
        throw new Error('the gate is not asked without a judge')
      },
    })
    const calibration = await bound.calibrateJudge(labels, { root })
    expect(calibration.overall.confusion.tp).toBe(1)
  })

  test('a recording given in the options wins over the running test’s', async () => {
    const bound = hostBound(() => undefined, { check: () => {} })
    server().reply({
      json: {
        criterion_1: { reasoning: 'r', verdict: 'met' },
        criterion_2: { reasoning: 'r', verdict: 'met' },
      },
    })
    // No recording from the host: the call goes live.
    const live = await bound.calibrateJudge(labels, { root, judge: { model: model() } })
    expect(live.overall.n).toBe(1)
    expect(server().requests).toHaveLength(1)
    const own = hostBound(() => undefined, { check: () => {} })
    await expect(
      own.calibrateJudge(labels, { root, judge: { model: model() }, recording: replaying() }),
    ).rejects.toThrow(/could not judge/)
    expect(server().requests).toHaveLength(1)
  })
})
