// The routing patterns of the original system's docs, each as a small graph, answered by scripted
// agents: routing is tested with no model at all (the templates parse the answers themselves).
import { describe, expect } from 'vitest'
import {
  anyTurn,
  countTurns,
  defineTemplate,
  END,
  exactMatch,
  lastTurn,
  type Scenario,
  type ScriptedModel,
  scenario,
  scriptedModel,
  turnAt,
} from 'vitest-scenario'
import { z } from 'zod'

/** Reads answers such as "BCL2 (low)": the protein, then the confidence in parentheses. */
const target = defineTemplate({
  schema: z.object({ target: z.string(), confidence: z.string() }),
  parse: (raw) => {
    const [, protein = '', confidence = 'high'] = /^\s*(\S+)(?:\s+\((\w+)\))?/.exec(raw) ?? []
    return { target: protein, confidence }
  },
  groundTruth: { target: 'BCL2' },
  verify: { target: exactMatch() },
})

const ask = {
  question:
    'What is the primary target of venetoclax? Name the protein, then your confidence: (high) or (low).',
  template: target,
}

describe('retry until right, with a cap', () => {
  const retryUntilRight = (s: Scenario) =>
    s
      .addNode('ask', { question: ask })
      .addNode('retry', { question: { ...ask, question: `That is not right. ${ask.question}` } })
      .addEdge('ask', END, { when: { verifyResult: true } })
      .addEdge('ask', 'retry')
      .addEdge('retry', END, { when: { verifyResult: true } })
      // Retry again while the retry node has run fewer than two times, then give up.
      .addEdge('retry', 'retry', { when: { 'nodeVisits.retry': { lt: 2 } } })
      .addEdge('retry', END)
      .setEntry('ask')
      .addOutcome('attempts', countTurns())

  scenario.each([
    { case: 'right the first time', replies: ['BCL2 (high)'], path: ['ask'], right: true },
    {
      case: 'right on the first retry',
      replies: ['BCL2L1 (high)', 'BCL2 (high)'],
      path: ['ask', 'retry'],
      right: true,
    },
    {
      case: 'still wrong after two retries',
      replies: ['MCL1 (high)', 'BCL2L1 (low)', 'BAX (low)'],
      path: ['ask', 'retry', 'retry'],
      right: false,
    },
  ])('$case', retryUntilRight, async ({ run }, row) => {
    const model = scriptedModel(row.replies)
    const result = await run({ model })
    expect(result).toHaveFollowedPath(row.path)
    expect(result).toHaveTurnCheck(lastTurn({ verifyResult: row.right }))
    expect(result.outcomeResults.attempts).toBe(row.replies.length)
    expect(model.callCount).toBe(row.replies.length)
  })
})

describe('branch on a parsed field', () => {
  const probeDoubts = (s: Scenario) =>
    s
      .addNode('ask', { question: ask })
      .addNode('probe', { question: 'What makes you unsure?' })
      .addEdge('ask', 'probe', { when: { 'parsed.confidence': 'low' } })
      .addEdge('ask', END)
      .addEdge('probe', END)
      .setEntry('ask')

  scenario(
    'a low-confidence answer is probed',
    { model: scriptedModel(['BCL2 (low)', 'I recall BCL2, but not whether it binds BCL-XL too.']) },
    probeDoubts,
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveFollowedPath(['ask', 'probe'])
      // The probe has no template: no verdict.
      expect(result).toHaveTurnCheck(lastTurn({ verifyResult: null }))
    },
  )

  scenario(
    'a confident answer is not',
    { model: scriptedModel(['BCL2 (high)']) },
    probeDoubts,
    async ({ run }) => {
      expect(await run()).toHaveFollowedPath(['ask'])
    },
  )
})

describe('loop with accumulated state', () => {
  const challengeThreeTimes = (s: Scenario) =>
    s
      .addNode('probe', {
        question: { ...ask, question: `Are you sure? ${ask.question}` },
        // Counts the challenges and keeps every answer, in `accumulated`.
        stateUpdate: (seen, parsed) => ({
          challenges: Number(seen.challenges ?? 0) + 1,
          answers: [...((seen.answers as string[] | undefined) ?? []), String(parsed.target)],
        }),
      })
      .addEdge('probe', END, { when: { 'accumulated.challenges': 3 } })
      .addEdge('probe', END, { when: { verifyResult: false } })
      .addEdge('probe', 'probe')
      .setEntry('probe')

  scenario(
    'a steady model is challenged three times and keeps its answer',
    { model: scriptedModel(() => 'BCL2 (high)') },
    challengeThreeTimes,
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveVisited('probe', 3)
      expect(result.finalState.accumulated).toEqual({
        challenges: 3,
        answers: ['BCL2', 'BCL2', 'BCL2'],
      })
      expect(result).toBeConsistentAcross(turnAt(0), turnAt(-1), 'parsed.target')
    },
  )

  scenario(
    'a model that caves ends the loop early',
    { model: scriptedModel(['BCL2 (high)', 'BCL2L1 (low)']) },
    challengeThreeTimes,
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveTurnCount(2)
      expect(result.finalState.accumulated).toEqual({ challenges: 2, answers: ['BCL2', 'BCL2L1'] })
      expect(result).not.toBeConsistentAcross(turnAt(0), turnAt(-1), 'parsed.target')
    },
  )

  // A loop with no exit but a wrong answer: the turn limit ends it.
  scenario(
    'the turn limit stops a loop that never ends',
    { model: scriptedModel(() => 'BCL2 (high)'), turnLimit: 4 },
    (s) =>
      s
        .addNode('probe', { question: ask })
        .addEdge('probe', 'probe', { when: { verifyResult: true } })
        .addEdge('probe', END)
        .setEntry('probe'),
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveStatus('limit_reached')
      expect(result).toHaveTurnCount(4)
    },
  )
})

describe('escalation, and routing on an earlier node', () => {
  /**
   * The run's model triages; a wrong answer escalates to an expert (a per-node answering
   * override). The wrap-up routes on how the triage went, read from `nodeResults`.
   */
  const escalation = (expert: ScriptedModel) => (s: Scenario) =>
    s
      .addNode('triage', { question: ask })
      .addNode('escalate', { question: ask, modelOverride: { answering: expert } })
      .addNode('wrapUp', { question: 'Summarize the answer in one sentence.' })
      .addNode('debrief', { question: 'Why was the first answer wrong?' })
      .addEdge('triage', 'wrapUp', { when: { verifyResult: true } })
      .addEdge('triage', 'escalate')
      .addEdge('escalate', 'wrapUp')
      .addEdge('wrapUp', 'debrief', { when: { 'nodeResults.triage.verifyResult': false } })
      .addEdge('wrapUp', END)
      .setEntry('triage')
      .addOutcome('answered_right', anyTurn({ verifyResult: true }))

  const expertOne = scriptedModel(['BCL2 (high)'])
  scenario(
    'a right triage goes straight to the wrap-up',
    { model: scriptedModel(['BCL2 (high)', 'Venetoclax targets BCL2.']) },
    escalation(expertOne),
    async ({ run }) => {
      expect(await run()).toHaveFollowedPath(['triage', 'wrapUp'])
      expect(expertOne.callCount).toBe(0)
    },
  )

  const expertTwo = scriptedModel(['BCL2 (high)'])
  scenario(
    'a wrong triage escalates to the expert, then is debriefed',
    {
      model: scriptedModel([
        'BCL2L1 (low)',
        'Venetoclax targets BCL2.',
        'I confused venetoclax with navitoclax, which also inhibits BCL-XL.',
      ]),
    },
    escalation(expertTwo),
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveFollowedPath(['triage', 'escalate', 'wrapUp', 'debrief'])
      expect(expertTwo.callCount).toBe(1)
      expect(result.history[1]?.rawResponse).toBe('BCL2 (high)')
    },
  )
})
