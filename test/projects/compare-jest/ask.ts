import { END, lastTurn, type Scenario } from 'vitest-scenario/core'

/**
 * One question, then END; the answer must name venetoclax. The comparison test's scripted servers
 * answer per model and per tag (the word before the colon names the case).
 */
export function ask(s: Scenario, question: string): void {
  s.addNode('ask', { question })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('names venetoclax', lastTurn({ rawResponse: { matches: '[Vv]enetoclax' } }))
}
