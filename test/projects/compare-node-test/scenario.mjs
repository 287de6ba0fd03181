// The host options both test files share: the baseline model and candidate `next`, each on its
// own scripted server while recording (a closed port when replaying: nothing listens there).
import { END, lastTurn } from 'vitest-scenario/core'
import { scenarioWith } from 'vitest-scenario/node-test'

const closed = 'http://127.0.0.1:9/v1'

/** `scenario` with the project's models and candidates. */
export const scenario = scenarioWith({
  model: { model: 'base-model', baseURL: process.env.SCENARIO_BASE_URL ?? closed },
  candidates: {
    next: {
      model: { model: 'next-model', baseURL: process.env.SCENARIO_CANDIDATE_URL ?? closed },
    },
  },
})

/**
 * One question, then END; the answer must name venetoclax. The comparison test's scripted servers
 * answer per model and per tag (the word before the colon names the case).
 */
export function ask(s, question) {
  s.addNode('ask', { question })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('names venetoclax', lastTurn({ rawResponse: { matches: '[Vv]enetoclax' } }))
}
