import { END, type Scenario } from 'vitest-scenario'

/** Two questions, one after the other. */
export function twoTurns(s: Scenario, first = 'Which drug inhibits BCL-2?'): Scenario {
  return s
    .addNode('ask', { question: first })
    .addNode('challenge', { question: 'Are you sure?' })
    .addEdge('ask', 'challenge')
    .addEdge('challenge', END)
    .setEntry('ask')
}
