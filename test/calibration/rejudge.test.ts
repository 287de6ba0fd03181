import { describe, expect, test } from 'vitest'
import { calibrateJudge } from '../../src/calibration/calibrate-judge.js'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { END, judge, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import { renderTranscript } from '../../src/models/judge-conversation.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import { useScriptedServer } from '../models/server-fixture.js'
import type { ChatReply } from '../support/openai-server/index.js'
import {
  CRITERIA,
  judgedReport,
  labelOf,
  labelsFile,
  OUTCOME,
  projectWith,
} from './support/labelled-run.js'

const { server, model } = useScriptedServer()

const verdicts = (...list: string[]): ChatReply => ({
  json: Object.fromEntries(
    list.map((verdict, i) => [`criterion_${i + 1}`, { reasoning: `why ${i + 1}`, verdict }]),
  ),
})

const session = (store: MemoryStore, mode: 'all' | 'replay') =>
  new RecordingSession({
    file: '/recordings/calibration.json',
    displayFile: 'calibration.json',
    test: 'calibration',
    mode,
    command: 'npx vitest run',
    store,
  })

describe('calibrateJudge({ judge })', () => {
  test("judges the kept transcript again with the same request as the run's judge, so its recording replays", async () => {
    // A real run, its judge's call recorded.
    const store = memoryStore()
    const recording = session(store, 'all')
    server().reply(verdicts('met', 'unmet'))
    const result = await runScenario(
      new Scenario('refund')
        .addNode('ask', { question: 'I want a refund for order 42.' })
        .addEdge('ask', END)
        .setEntry('ask')
        .addOutcome(OUTCOME, judge([...CRITERIA]))
        .validate(),
      { model: scriptedModel(['Which order?']), parsingModel: model(), recording },
    )
    await recording.finish(false)
    expect(result.judgements[OUTCOME]?.criteria.map((c) => c.verdict)).toEqual(['met', 'unmet'])
    // Its results keep the transcript the judge read; the labels say the judge was right once.
    const text = renderTranscript(result)
    const report = judgedReport([['met', 'unmet']])
    const run = report.tests[0]?.scenario.runs[0]
    if (run !== undefined) run.transcript = { hash: transcriptHash(text), text }
    const label = (k: number, verdict: 'met' | 'unmet') => ({
      ...labelOf(0, k, verdict),
      transcript: transcriptHash(text),
    })
    const root = projectWith(report, {})
    const labels = labelsFile([label(0, 'met'), label(1, 'met')])
    const before = server().requests.length
    const again = await calibrateJudge(labels, {
      root,
      judge: { model: model() },
      recording: session(store, 'replay'),
    })
    // Replayed: no request reached the server, and the verdicts are the recorded ones.
    expect(server().requests).toHaveLength(before)
    expect(again.overall.confusion).toEqual({ tp: 1, fn: 1, fp: 0, tn: 0, inconclusive: 0 })

    // Live with another judge: one call per labelled conversation, the criteria in their order.
    server().reply(verdicts('met', 'met'))
    const other = await calibrateJudge(labels, {
      root,
      judge: { model: model(), instructions: 'Be lenient.' },
    })
    expect(other.overall.confusion).toEqual({ tp: 2, fn: 0, fp: 0, tn: 0, inconclusive: 0 })
    const sent = server().requests.at(-1)
    expect(JSON.stringify(sent?.body)).toContain('Be lenient.')
    expect(JSON.stringify(sent?.body)).toContain(`1. ${CRITERIA[0]}\\n2. ${CRITERIA[1]}`)
  })

  test('takes the majority of votes; a split is inconclusive; a failed call is an error', async () => {
    const report = judgedReport([['met', 'met']])
    const root = projectWith(report, {})
    const labels = labelsFile([labelOf(0, 0, 'met'), labelOf(0, 1, 'unmet')])
    server().reply(verdicts('met', 'unmet'))
    server().reply(verdicts('unmet', 'inconclusive'))
    server().reply(verdicts('met', 'met'))
    const voted = await calibrateJudge(labels, { root, judge: { model: model(), votes: 3 } })
    // Criterion 1: met, unmet, met → met. Criterion 2: unmet, inconclusive, met → no majority.
    expect(voted.overall.confusion).toEqual({ tp: 1, fn: 0, fp: 0, tn: 1, inconclusive: 1 })
    expect(server().requests).toHaveLength(3)

    // A client error is not retried.
    server().reply({ status: 400, message: 'bad request' })
    await expect(calibrateJudge(labels, { root, judge: { model: model() } })).rejects.toThrow(
      /calibrateJudge\(\) could not judge test\/refunds\.test\.ts › refunds > asks first \(sample 0, outcome "polite refund"\) again/,
    )
  })

  test('a run that kept no transcript text, or only part of it, leaves its labels missing', async () => {
    const report = judgedReport([
      ['met', 'met'],
      ['met', 'met'],
    ])
    const [first, second] = report.tests[0]?.scenario.runs ?? []
    if (first?.transcript !== undefined) delete first.transcript.text
    if (second?.transcript !== undefined) second.transcript.clipped = true
    const root = projectWith(report, {})
    const calibration = await calibrateJudge(
      labelsFile([labelOf(0, 0, 'met'), labelOf(1, 0, 'met')]),
      {
        root,
        judge: { model: model() },
      },
    )
    expect(calibration.overall.n).toBe(0)
    expect(calibration.missing.map((m) => m.reason)).toEqual([
      'the run kept no transcript text to judge again (past the transcripts’ budget)',
      'the run kept only part of the transcript, too little to judge again',
    ])
    expect(server().requests).toHaveLength(0)
  })
})
