// A judged run's meta keeps the transcript its judges read: the hash human labels are filed under
// (before masking: the label is of what the judge saw) and, within a budget of its own, the
// masked text the labeller shows. Runs no judge judged keep none.
import { describe, expect, test } from 'vitest'
import { transcriptHash } from '../../src/calibration/transcript-hash.js'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import {
  MAX_TRANSCRIPT_TEXT,
  scenarioMeta,
  TRANSCRIPT_BUDGET,
} from '../../src/hosts/core/meta/scenario-meta.js'
import { renderTranscript } from '../../src/models/transcript-text.js'
import { agentRun, support } from './agent-results.js'

describe('judged transcripts in the meta', () => {
  test('a judged run keeps the hash of what the judge read and the text', () => {
    const result = agentRun()
    const meta = scenarioMeta(support(), [result])
    const full = renderTranscript(result)
    expect(meta.runs[0]?.transcript).toEqual({ hash: transcriptHash(full), text: full })
    expect(meta.runs[0]?.transcript?.hash).toMatch(/^sha256:[0-9a-f]{16}$/)
    // The reader reads it back, newlines and all.
    const read = readScenarioMeta(JSON.parse(JSON.stringify(meta)))
    expect(read.ok && read.meta.runs[0]?.transcript?.text).toBe(full)
  })

  test('another conversation has another hash', () => {
    const one = agentRun()
    const other = agentRun()
    other.history[0] = { ...other.history[0], rawResponse: 'Hi there.' } as never
    const a = scenarioMeta(support(), [one]).runs[0]?.transcript?.hash
    const b = scenarioMeta(support(), [other]).runs[0]?.transcript?.hash
    expect(a).toBeDefined()
    expect(a).not.toBe(b)
  })

  test('a run no judge judged keeps no transcript', () => {
    const result = agentRun()
    result.judgements = {}
    expect(scenarioMeta(support(), [result]).runs[0]).not.toHaveProperty('transcript')
  })

  test('the text is masked, the hash is of what the judge read', () => {
    const result = agentRun()
    const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789'
    result.history[0] = { ...result.history[0], rawResponse: `Use ${secret}` } as never
    const transcript = scenarioMeta(support(), [result], {
      text: (value) => value.replaceAll(secret, '[secret]'),
    }).runs[0]?.transcript
    expect(transcript?.text).toContain('Use [secret]')
    expect(transcript?.text).not.toContain(secret)
    expect(transcript?.hash).toBe(transcriptHash(renderTranscript(result)))
  })

  test('a long transcript is clipped and says so; past the budget a run keeps the hash only', () => {
    const long = agentRun()
    long.history[0] = { ...long.history[0], rawResponse: 'x'.repeat(MAX_TRANSCRIPT_TEXT) } as never
    const runs = scenarioMeta(
      support(),
      Array.from({ length: Math.ceil(TRANSCRIPT_BUDGET / MAX_TRANSCRIPT_TEXT) + 1 }, () => long),
    ).runs
    expect(runs[0]?.transcript?.clipped).toBe(true)
    expect(runs[0]?.transcript?.text).toHaveLength(MAX_TRANSCRIPT_TEXT)
    const last = runs.at(-1)?.transcript
    expect(last?.hash).toBe(runs[0]?.transcript?.hash)
    expect(last).not.toHaveProperty('text')
    const read = readScenarioMeta(JSON.parse(JSON.stringify(scenarioMeta(support(), [long]))))
    expect(read.ok).toBe(true)
  })
})
