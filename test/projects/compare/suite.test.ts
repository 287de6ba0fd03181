import { expect } from 'vitest'
import {
  defineTemplate,
  END,
  exactMatch,
  judge,
  lastTurn,
  type Scenario,
  scenario,
} from 'vitest-scenario'
import { z } from 'zod'

// Seven scenarios, each asking the models something the e2e test's scripted servers answer per
// model: the baseline's server ('base-model') and the candidate's ('next-model'). Each question
// starts with a tag naming the case.

/** The drug an answer names: venetoclax is right. */
const drug = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch({ normalize: ['lowercase', 'removePunctuation'] }) },
  parse: (raw) => ({ drug: /venetoclax|navitoclax/i.exec(raw)?.[0] ?? raw }),
})

/** One question with the drug template, then END; the last answer must be right. */
function ask(s: Scenario, question: string) {
  return s
    .addNode('ask', { question: { question, template: drug } })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('right drug', lastTurn({ verifyResult: true }))
}

scenario(
  'fixed: names the inhibitor',
  (s) => {
    ask(s, 'FIXED: Which drug inhibits BCL-2?')
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'judge: explains BCL-2',
  (s) => {
    s.addNode('ask', { question: 'JUDGE: Explain BCL-2 in one sentence.' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome('names a drug', judge(['The answer names a drug that inhibits BCL-2']))
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'route: confirms the inhibitor',
  (s) => {
    s.addNode('ask', {
      question: { question: 'ROUTE: Which drug inhibits BCL-2?', template: drug },
    })
      .addNode('confirm', { question: 'ROUTE-CONFIRM: Say it once more.' })
      .addNode('correct', { question: 'ROUTE-CORRECT: It is venetoclax. Agreed?' })
      .addEdge('ask', 'confirm', { when: { verifyResult: true } })
      .addEdge('ask', 'correct')
      .addEdge('confirm', END)
      .addEdge('correct', END)
      .setEntry('ask')
      .addOutcome('confirmed', lastTurn({ nodeId: 'confirm' }))
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'flaky: names the inhibitor, sampled',
  { samples: 5 },
  (s) => {
    ask(s, 'FLAKY: Name the BCL-2 inhibitor.')
  },
  async ({ run }) => {
    expect((await run()).passRate).toBe(1)
  },
)

scenario(
  'outage: names the inhibitor',
  (s) => {
    ask(s, 'OUTAGE: Which drug targets BCL-2?')
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'steady: names the inhibitor',
  (s) => {
    ask(s, 'STEADY: Which drug inhibits BCL-2?')
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'stubborn: names the wrong drug',
  (s) => {
    ask(s, 'STUBBORN: Which drug inhibits BCL-2?')
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)
