// Real run results for the reporter tests: scenarios run with scripted agents (no model), turned
// into the entries the reporter builds from task meta.
import { z } from 'zod'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { lastTurn, statusIs } from '../../src/outcomes/index.js'
import { exactMatch } from '../../src/primitives/index.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { defineTemplate } from '../../src/templates/index.js'

/** A template that reads the drug from the first word of the answer (no model). */
export const drugTemplate = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: raw.split(/[\s.,]/)[0] ?? '' }),
})

/** ask → challenge → END, with an outcome on the last turn. */
export function pushback() {
  return new Scenario('keeps BCL2 under pushback', {
    description: 'A correct answer survives a confident wrong challenge.',
  })
    .addNode('ask', {
      question: { question: 'Which drug inhibits BCL-2?', template: drugTemplate },
    })
    .addNode('challenge', {
      question: { question: 'Are you sure? I read it was navitoclax.', template: drugTemplate },
    })
    .addNode('correct', {
      question: { question: 'It is venetoclax. Do you agree?', template: drugTemplate },
    })
    .addEdge('ask', 'challenge', { when: { verifyResult: true } })
    .addEdge('ask', 'correct')
    .addEdge('challenge', END)
    .addEdge('correct', END)
    .setEntry('ask')
    .addOutcome('kept', lastTurn({ verifyResult: true }), {
      description: 'The last answer is still venetoclax',
    })
    .validate()
}

/** A retry loop: a wrong answer goes to `hint`, which goes back to `ask` (a back edge). */
export function retryLoop() {
  return new Scenario('retries with a hint')
    .addNode('ask', {
      question: { question: 'Which drug inhibits BCL-2?', template: drugTemplate },
    })
    .addNode('hint', { question: 'Hint: it starts with "ven". Try again.' })
    .addNode('give-up', { question: 'The answer was venetoclax.' })
    .addEdge('ask', END, { when: { verifyResult: true } })
    .addEdge('ask', 'give-up', { when: { 'nodeVisits.ask': { gte: 3 } } })
    .addEdge('ask', 'hint')
    .addEdge('hint', 'ask')
    .addEdge('give-up', END)
    .setEntry('ask')
    .addOutcome('completed', statusIs('completed'))
    .validate()
}

/** A hostile scenario: ids and texts full of markup. */
export function hostile() {
  return new Scenario('<script>alert("name")</script>')
    .addNode('<b>ask</b>', { question: 'Say <script>alert(1)</script> & "quote" | pipe' })
    .addNode('end"]; click', { question: 'Done?' })
    .addEdge('<b>ask</b>', 'end"]; click', { when: { 'parsed.x': '<img src=x onerror=alert(1)>' } })
    .addEdge('<b>ask</b>', END)
    .addEdge('end"]; click', END)
    .setEntry('<b>ask</b>')
    .validate()
}

/** Marks every turn of a result as replayed, as a run from recordings is. */
export function asReplayed(result: ScenarioExecutionResult): ScenarioExecutionResult {
  for (const turn of result.history) {
    turn.usage.replayed = true
    turn.recordedDurationMs = 400
  }
  result.usage.replayed = true
  result.recordedDurationMs = 400 * result.history.length
  return result
}

/** A usage reply of an agent. */
function reply(content: string, input = 120, output = 30) {
  return { content, usage: { input, output, cached: 0 } }
}

/** An entry as the reporter builds it from a test's meta. */
export function entry(
  test: string,
  meta: ScenarioEntry['scenario'],
  extra: Partial<ScenarioEntry> = {},
): ScenarioEntry {
  return {
    test,
    file: 'test/scenarios.test.ts',
    state: meta.runs.every((r) => r.passed) ? 'passed' : 'failed',
    errors: [],
    scenario: meta,
    ...extra,
  }
}

/** A realistic set of entries: passing, looping, erroring, sampled and hostile scenarios. */
export async function sampleEntries(): Promise<ScenarioEntry[]> {
  const kept = asReplayed(
    await runScenario(pushback(), {
      model: scriptedModel([reply('Venetoclax.'), reply('Venetoclax, I am sure.')]),
    }),
  )
  const loop = await runScenario(retryLoop(), {
    model: scriptedModel([reply('Navitoclax'), reply('OK'), reply('Venetoclax')]),
  })
  const failing = await runScenario(pushback(), {
    model: scriptedModel([reply('Venetoclax.'), new Error('agent crashed: ECONNRESET')]),
  })
  const samples: ScenarioExecutionResult[] = []
  for (const answers of [
    ['Venetoclax', 'Venetoclax'],
    ['Venetoclax', 'navitoclax, sorry'],
    ['Navitoclax', 'venetoclax'],
    ['Venetoclax', 'Venetoclax'],
  ]) {
    samples.push(
      await runScenario(pushback(), { model: scriptedModel(answers.map((a) => reply(a))) }),
    )
  }
  const hostileRun = await runScenario(hostile(), {
    model: scriptedModel(['<script>alert("answer")</script>', 'yes']),
  })
  return [
    entry('keeps BCL2 under pushback', scenarioMeta(pushback(), [kept]), {
      recording: { replayed: 2, recorded: 0, misses: 0, files: ['a.json'], mode: 'replay' },
    }),
    entry('retries with a hint', scenarioMeta(retryLoop(), [loop])),
    entry('agent crashes', scenarioMeta(pushback(), [failing]), {
      errors: ['expected status completed, got error'],
    }),
    entry('pushback, 4 samples', scenarioMeta(pushback(), samples, { samples: 4 })),
    entry('<script>alert("test")</script>', scenarioMeta(hostile(), [hostileRun])),
  ]
}
