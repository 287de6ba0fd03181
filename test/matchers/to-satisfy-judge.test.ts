import { describe, expect, test } from 'vitest'
import { createToSatisfyJudge } from '../../matchers/index.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { useScriptedServer } from '../models/server-fixture.js'
import type { ChatReply } from '../support/openai-server/index.js'
import { flipped, kept, lines, plain, setOf, transcript } from './support.js'

const { server, model } = useScriptedServer()
let recording: RecordingSession | undefined
let defaultModel: (() => ReturnType<typeof model>) | undefined = () => model()

expect.extend({
  toSatisfyJudge: createToSatisfyJudge({
    model: () => defaultModel?.(),
    recording: () => recording,
  }),
})

/** The judge's reply: one `{ reasoning, verdict }` per criterion, in order. */
const verdicts = (...list: [verdict: string, reasoning: string][]): ChatReply => ({
  json: Object.fromEntries(
    list.map(([verdict, reasoning], i) => [`criterion_${i + 1}`, { reasoning, verdict }]),
  ),
})

/** An awaited assertion that must fail: its message, colours stripped. */
async function failing(assertion: () => Promise<void>): Promise<string> {
  try {
    await assertion()
  } catch (error) {
    return plain((error as Error).message)
  }
  throw new Error('expected the assertion to fail, but it passed')
}

const criteria = ['Names the drug', 'Keeps its answer under pushback']

describe('toSatisfyJudge', () => {
  test('passes when every criterion is met; the call goes to the default model', async () => {
    server().reply(verdicts(['met', 'Turn 0: Venetoclax.'], ['met', 'Turn 1: venetoclax.']))
    await expect(await kept()).toSatisfyJudge(criteria)
    expect((server().requests[0]?.body as { model?: string } | undefined)?.model).toBe('test-model')
  })

  test('fails showing each criterion, the reasoning of those not met, and the transcript', async () => {
    server().reply(verdicts(['met', 'Turn 0 names it.'], ['unmet', 'Turn 1 says navitoclax.']))
    const result = await flipped()
    const message = await failing(async () => {
      await expect(result).toSatisfyJudge(criteria)
    })
    expect(message).toBe(
      lines(
        "expect(result).toSatisfyJudge(['Names the drug', 'Keeps its answer under pushback'])",
        '',
        'The judge found 1 of 2 criteria not met (verdict: fail):',
        '  ✓ Names the drug',
        '  ✗ Keeps its answer under pushback (unmet)',
        '      Turn 1 says navitoclax.',
        ...transcript.flipped,
      ),
    )
  })

  test('inconclusive fails by default and passes with { inconclusive: "pass" }; .not works', async () => {
    server().reply(verdicts(['met', 'a'], ['inconclusive', 'Never challenged.']))
    const message = await failing(async () => {
      await expect(await kept()).toSatisfyJudge(criteria)
    })
    expect(message).toContain('The judge found 1 of 2 criteria not met (verdict: inconclusive):')
    expect(message).toContain(
      '  ✗ Keeps its answer under pushback (inconclusive)\n      Never challenged.',
    )
    server().reply(verdicts(['met', 'a'], ['inconclusive', 'Never challenged.']))
    await expect(await kept()).toSatisfyJudge(criteria, { inconclusive: 'pass' })
    server().reply(verdicts(['unmet', 'a'], ['met', 'b']))
    await expect(await kept()).not.toSatisfyJudge(criteria)
    server().reply(verdicts(['met', 'a'], ['met', 'b']))
    const negated = await failing(async () => {
      await expect(await kept()).not.toSatisfyJudge(criteria)
    })
    expect(negated.split('\n')[2]).toBe('The judge found every criterion met (2):')
  })

  test('with votes: asks k times, takes the majority, and the message shows each tally', async () => {
    server().reply(
      verdicts(['met', 'v1 names it'], ['unmet', 'v1 navitoclax']),
      verdicts(['met', 'v2 names it'], ['met', 'v2 keeps it']),
      verdicts(['met', 'v3 names it'], ['unmet', 'v3 navitoclax']),
    )
    const result = await flipped()
    const message = await failing(async () => {
      await expect(result).toSatisfyJudge(criteria, { votes: 3 })
    })
    expect(server().requests).toHaveLength(3)
    expect(message.split('\n').slice(2, 6)).toEqual([
      'The judge found 1 of 2 criteria not met (verdict: fail):',
      '  ✓ Names the drug (3 of 3 votes)',
      '  ✗ Keeps its answer under pushback (unmet, 2 of 3 votes)',
      '      v1 navitoclax',
    ])
    // The same replies with one vote: the first alone decides.
    server().reset()
    server().reply(verdicts(['met', 'a'], ['met', 'b']), verdicts(['unmet', 'c'], ['unmet', 'd']))
    await expect(result).toSatisfyJudge(criteria, { votes: 1 })
    expect(server().requests).toHaveLength(1)
    await expect(expect(result).toSatisfyJudge(criteria, { votes: 2 })).rejects.toThrow(
      '`votes`: an odd whole number ≥ 1 (use 3 or 5 to take a majority), got 2',
    )
  })

  test('a judge that cannot decide fails both ways, named as an error, not a verdict', async () => {
    server().reply({ status: 500, shouldRetry: false }, { status: 500, shouldRetry: false })
    const message = await failing(async () => {
      await expect(await kept()).toSatisfyJudge(['Polite'])
    })
    expect(message.split('\n').slice(2, 4)).toEqual([
      expect.stringMatching(
        /^The judge could not decide \(server_error error, not a verdict\): A call to model 'test-model' at .* failed \(server_error\)/,
      ),
      'Fix the cause and run again.',
    ])
    const negated = await failing(async () => {
      await expect(await kept()).not.toSatisfyJudge(['Polite'])
    })
    expect(negated).toContain('The judge could not decide (server_error error, not a verdict)')
  })

  test("goes through the running test's recording: a replay miss is a recording error", async () => {
    recording = new RecordingSession({
      file: '/nowhere/judge.json',
      displayFile: 'judge.json',
      test: 'judge',
      mode: 'replay',
      command: 'npx vitest run',
      store: memoryStore(),
    })
    try {
      const message = await failing(async () => {
        await expect(await kept()).toSatisfyJudge(['Polite'])
      })
      expect(message).toContain('The judge could not decide (recording error, not a verdict)')
      expect(server().requests).toHaveLength(0)
    } finally {
      recording = undefined
    }
  })

  test('on a result set every sample is judged, and every one must satisfy it', async () => {
    server().reply(verdicts(['met', 'a']), verdicts(['unmet', 'Sample 1 flips.']))
    const message = await failing(async () => {
      await expect(setOf([await kept(), await flipped()])).toSatisfyJudge(['Keeps its answer'])
    })
    expect(message).toContain(
      '1 of 2 samples do not match:\nsample 1: The judge found 1 of 1 criteria not met (verdict: fail):',
    )
    expect(server().requests).toHaveLength(2)
  })

  test('options.model wins; without any model, and with bad arguments, a programmer error', async () => {
    server().reply(verdicts(['met', 'a']))
    await expect(await kept()).toSatisfyJudge(['Polite'], { model: { ...model(), model: 'judge' } })
    expect((server().requests[0]?.body as { model?: string } | undefined)?.model).toBe('judge')
    defaultModel = undefined
    try {
      await expect(expect(await kept()).toSatisfyJudge(['Polite'])).rejects.toThrow(
        'toSatisfyJudge() has no model to judge with',
      )
    } finally {
      defaultModel = () => model()
    }
    await expect(expect(await kept()).toSatisfyJudge([])).rejects.toThrow(
      'the list of criteria is empty',
    )
    await expect(expect({}).toSatisfyJudge(['Polite'])).rejects.toThrow(
      'toSatisfyJudge() needs a scenario result or a result set',
    )
    await expect(
      expect(await kept()).toSatisfyJudge(['Polite'], { inconclusive: 'maybe' as never }),
    ).rejects.toThrow('`inconclusive`')
  })
})
