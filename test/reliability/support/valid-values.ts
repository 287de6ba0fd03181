// Valid values for the public API, as recipes: a validated definition, real run results (made
// once with scripted agents), checks, scopes, primitives, templates and options. Mixed with the
// hostile values, they get a call past its first check so the deeper checks are exercised too.
import { z } from 'zod'
import {
  callableTrait,
  countTurns,
  defineTemplate,
  END,
  exactMatch,
  firstMatchIndex,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  numericRange,
  regexMatch,
  regexTrait,
  resultSet,
  runScenario,
  Scenario,
  type ScenarioDefinition,
  type ScenarioExecutionResult,
  type ScenarioResultSet,
  scriptedModel,
  setContainment,
  stateCheck,
  statusIs,
  synonymMap,
  turnAt,
  turnCheck,
} from '../../../src/core.js'
import { constant, type Recipe, recipe } from './recipe.js'

/** A template with a deterministic `parse`, so runs need no parsing model. */
export const drugTemplate = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: raw.trim() }),
})

/** ask → challenge → END, with a retry loop and outcomes of each kind. */
export function buildScenario(): Scenario {
  return new Scenario('pushback', { description: 'fuzz fixture' })
    .addNode('ask', {
      question: { question: 'Which drug inhibits BCL-2?', template: drugTemplate },
    })
    .addNode('challenge', {
      question: {
        question: (state) => `Turn ${state.turn}: are you sure?`,
        template: drugTemplate,
      },
      stateUpdate: (acc) => ({ ...acc, tries: Number(acc.tries ?? 0) + 1 }),
    })
    .addEdge('ask', 'challenge', { when: { verifyResult: true } })
    .addEdge('ask', 'ask', { when: [{ 'nodeVisits.ask': { lt: 2 } }] })
    .addEdge('ask', END)
    .addEdge('challenge', END)
    .setEntry('ask')
    .addOutcome('kept', lastTurn({ verifyResult: true }))
    .addOutcome('turns', countTurns({ node: 'ask' }))
}

/** The fixture definition: validated, frozen, shared by every call. */
export const definition: ScenarioDefinition = buildScenario().validate()

/** Values built by running the fixture; `loadRunFixtures()` fills them once. */
export interface RunFixtures {
  completed: ScenarioExecutionResult
  failed: ScenarioExecutionResult
  limited: ScenarioExecutionResult
  set: ScenarioResultSet
}

let runs: RunFixtures | undefined

/** Runs the fixture scenario a few ways (scripted agents, no network), once. */
export async function loadRunFixtures(): Promise<RunFixtures> {
  if (runs !== undefined) return runs
  const completed = await runScenario(definition, {
    model: scriptedModel([
      'Venetoclax',
      {
        content: 'venetoclax',
        toolCalls: [{ id: 'c1', name: 'lookup', arguments: { q: 'BCL-2' }, result: ['x'] }],
      },
    ]),
  })
  const failed = await runScenario(definition, {
    model: scriptedModel(['wrong', new Error('agent down')]),
  })
  const limited = await runScenario(definition, {
    model: scriptedModel(['a', 'b', 'c']),
    turnLimit: 1,
  })
  runs = { completed, failed, limited, set: resultSet([completed, failed, limited]) }
  return runs
}

function fixtures(): RunFixtures {
  if (runs === undefined) throw new Error('call loadRunFixtures() in beforeAll first')
  return runs
}

/** A fresh deep copy, so a call that mutates a result cannot change the next call's. */
function copy<T>(value: T): T {
  return structuredClone(value)
}

/** Recipes of real run results. */
export const results: readonly Recipe[] = [
  recipe('a completed result', () => copy(fixtures().completed)),
  recipe('an error result', () => copy(fixtures().failed)),
  recipe('a limit_reached result', () => copy(fixtures().limited)),
]

/** Paths inside a result whose values the fuzz replaces (turn fields, outcomes, the error). */
export const resultPaths: readonly (readonly (string | number)[])[] = [
  ['history', 0],
  ['history', 0, 'nodeId'],
  ['history', 0, 'questionText'],
  ['history', 0, 'rawResponse'],
  ['history', 0, 'parsedFields'],
  ['history', 0, 'verifyResult'],
  ['history', 0, 'rubric'],
  ['history', 0, 'toolCalls'],
  ['history', 1, 'toolCalls', 0],
  ['history', 1, 'toolCalls', 0, 'arguments'],
  ['history', 0, 'error'],
  ['history', 1, 'error', 'message'],
  ['path', 0],
  ['outcomeResults', 'kept'],
  ['diagnostics'],
  ['error'],
  ['error', 'category'],
  ['turnCount'],
  ['status'],
  ['scenarioId'],
]

/** Recipes of a real result set. */
export const resultSets: readonly Recipe[] = [
  recipe('a result set of 3 samples', () => copy(fixtures().set)),
]

/** Recipes of the final state of a run (what conditions and `resolvePath` read). */
export const states: readonly Recipe[] = [
  recipe('the final state of a completed run', () => copy(fixtures().completed.finalState)),
  recipe('the final state of an error run', () => copy(fixtures().failed.finalState)),
]

/** Boolean checks and aggregations. */
export const checks: readonly Recipe[] = [
  recipe('lastTurn({ verifyResult: true })', () => lastTurn({ verifyResult: true })),
  recipe("turnCheck(turnAt(0), 'nodeId', 'ask')", () => turnCheck(turnAt(0), 'nodeId', 'ask')),
  recipe("statusIs('completed')", () => statusIs('completed')),
  recipe('countTurns()', () => countTurns()),
  recipe("firstMatchIndex({ node: 'ask' })", () => firstMatchIndex({ node: 'ask' })),
]

/** Boolean checks only (what compositions take). */
export const booleanChecks: readonly Recipe[] = checks.slice(0, 3)

/** Scopes. */
export const scopes: readonly Recipe[] = [
  recipe('turnAt(0)', () => turnAt(0)),
  recipe('turnAt(-1)', () => turnAt(-1)),
  recipe('firstTurnScope()', () => firstTurnScope()),
  recipe('lastTurnScope()', () => lastTurnScope()),
  recipe("{ type: 'AnyTurn' }", () => ({ type: 'AnyTurn' })),
]

/** Primitives. */
export const primitives: readonly Recipe[] = [
  recipe('exactMatch()', () => exactMatch()),
  recipe('numericRange({ min: 1 })', () => numericRange({ min: 1 })),
  recipe("regexMatch('^v', { flags: 'i' })", () => regexMatch('^v', { flags: 'i' })),
  recipe("setContainment('subset')", () => setContainment('subset')),
]

/** Normalizer lists. */
export const normalizers: readonly Recipe[] = [
  constant(['lowercase', 'strip']),
  recipe("[synonymMap({ usa: 'united states' })]", () => [synonymMap({ usa: 'united states' })]),
  constant([]),
]

/** `when` values of every form. */
export const whens: readonly Recipe[] = [
  constant(undefined),
  recipe('{ verifyResult: false }', () => ({ verifyResult: false })),
  recipe("{ 'parsed.drug': { matches: 'v' } }", () => ({ 'parsed.drug': { matches: 'v' } })),
  recipe('[]', () => []),
  recipe("stateCheck('turn', numericRange({ min: 1 }))", () =>
    stateCheck('turn', numericRange({ min: 1 })),
  ),
  recipe('(state) => state.turn > 0', () => (state: { turn: number }) => state.turn > 0),
]

/** Node specs. */
export const nodeSpecs: readonly Recipe[] = [
  recipe("{ question: 'Why?' }", () => ({ question: 'Why?' })),
  recipe('{ question: { question, template, rubric } }', () => ({
    question: {
      question: 'Which drug?',
      template: drugTemplate,
      rubric: { traits: [regexTrait('polite', 'please')] },
    },
    metadata: { level: 1 },
    toolFilter: { remove: ['lookup'] },
    stateUpdate: (acc: Record<string, unknown>) => acc,
  })),
  recipe('{ question: (state) => string, modelOverride }', () => ({
    question: () => 'Again?',
    modelOverride: { answering: { systemPrompt: 'Be brief.' } },
  })),
]

/** Rubrics. */
export const rubrics: readonly Recipe[] = [
  recipe("{ traits: [regexTrait('polite', 'please')] }", () => ({
    traits: [regexTrait('polite', 'please')],
  })),
  recipe("{ traits: [callableTrait('short', fn)] }", () => ({
    traits: [callableTrait('short', (response: string) => response.length < 80)],
  })),
]

/** Conversations in the Chat Completions shape. */
export const conversations: readonly Recipe[] = [
  recipe("[{ role: 'user', content: 'Hi' }]", () => [{ role: 'user', content: 'Hi' }]),
  recipe('[]', () => []),
]

/** Agent contexts. */
export const agentContexts: readonly Recipe[] = [
  recipe("{ nodeId: 'ask', turn: 0, state, signal }", () => ({
    nodeId: 'ask',
    turn: 0,
    state: copy(fixtures().completed.finalState),
    signal: new AbortController().signal,
  })),
]

/** Plain JSON-ish values (expected values, field values). */
export const jsonValues: readonly Recipe[] = [
  constant('venetoclax'),
  constant(3),
  constant(true),
  constant(null),
  recipe("['a', 'b']", () => ['a', 'b']),
  recipe('{ gte: 3 }', () => ({ gte: 3 })),
  recipe('{ eq: { a: 1 } }', () => ({ eq: { a: 1 } })),
]

/** Turn field names. */
export const fieldNames: readonly Recipe[] = [
  constant('verifyResult'),
  constant('nodeId'),
  constant('parsed.drug'),
  constant('rubric.polite'),
  constant('rawResponse'),
]

/** Dot paths of the state. */
export const dotPaths: readonly Recipe[] = [
  constant('verifyResult'),
  constant('parsed.drug'),
  constant('nodeVisits.ask'),
  constant('nodeResults.ask.verifyResult'),
  constant('accumulated.tries'),
  constant('node_visits.ask'),
]
