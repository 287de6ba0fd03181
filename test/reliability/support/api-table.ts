// The fuzz table: every public function, constructor and method, with the arguments to generate
// for it. `public-api.fuzz.test.ts` enumerates the package entries and fails on any export that
// has neither an entry here nor an exclusion (with its reason) in `exclusions.ts`.
import { AssertionError } from 'node:assert'
import { createOpenAI } from '@ai-sdk/openai'
import { Agent } from '@openai/agents'
import fc from 'fast-check'
import OpenAI from 'openai'
import type { MatcherState } from 'vitest'
import { z } from 'zod'
import {
  createToAgreeWithLabels,
  createToMatchConversationSnapshot,
  createToSatisfyJudge,
  matchers,
} from '../../../matchers/index.js'
import { aiSdkAgent, aiSdkModel } from '../../../src/ai-sdk/index.js'
import * as core from '../../../src/core.js'
import * as host from '../../../src/host.js'
import {
  assertAgreesWithLabels,
  assertScenario,
  scenarioWith,
} from '../../../src/hosts/node-test/index.js'
import { scenarioReporter } from '../../../src/hosts/node-test/reporter.js'
import { scenarioPlugin } from '../../../src/hosts/vitest/plugin/index.js'
import { ScenarioReporter } from '../../../src/hosts/vitest/reporter/index.js'
import { configureRecordings } from '../../../src/hosts/vitest/setup/recording-hooks.js'
import { openAIAgent } from '../../../src/openai-agents/index.js'
import { reportOf, runOf, testOf } from '../../compare/support/report-builder.js'
import { adapterAgents } from './adapter-agents.js'
import { arg, hostileValue, oneOf, tampered, tamperedAt } from './hostile-values.js'
import { constant, type Recipe, recipe } from './recipe.js'
import { recordedExchange } from './recorded-exchanges.js'
import { ctor, fn, method, type Signature, weighted } from './signature.js'
import {
  agentContexts,
  booleanChecks,
  buildScenario,
  checks,
  conversations,
  definition,
  dotPaths,
  drugTemplate,
  fieldNames,
  jsonValues,
  nodeSpecs,
  normalizers,
  primitives,
  resultPaths,
  resultSets,
  results,
  scopes,
  states,
  whens,
} from './valid-values.js'

const {
  allOf,
  allTurns,
  anyOf,
  anyTurn,
  atLeastN,
  booleanMatch,
  calledTool,
  callableTrait,
  containsAll,
  containsAny,
  conversationSerializer,
  countTurns,
  createLimiter,
  crossTurn,
  dateMatch,
  dateRange,
  dateTolerance,
  defineTemplate,
  END,
  evaluateOutcome,
  exactMatch,
  firstMatchIndex,
  firstTurn,
  firstTurnScope,
  isAnswerTemplate,
  isModelCallError,
  isScenarioDefinition,
  isScenarioError,
  isGuardrailTripwire,
  handedOffTo,
  isScenarioExecutionResult,
  isScenarioResultSet,
  isSimulatedUser,
  isStateCheck,
  judge,
  judgeConversation,
  calibrateJudge,
  agreementStats,
  cohensKappa,
  lastTurn,
  lastTurnScope,
  literalMatch,
  llmTrait,
  numericExact,
  numericGraded,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericRangeGraded,
  numericThresholdGraded,
  numericTolerance,
  orderedMatch,
  parseRecording,
  regexMatch,
  regexTrait,
  renderConversation,
  renderResultSet,
  resolveNextNode,
  resolvePath,
  resultCheck,
  resultSet,
  runScenario,
  samplePassed,
  Scenario,
  ScenarioDefinition,
  scriptedModel,
  scriptedTurns,
  serializeRecording,
  setContainment,
  simulatedUser,
  stateCheck,
  statusIs,
  synonymMap,
  tool,
  toolTrajectory,
  turnAt,
  turnCheck,
  turnCountEq,
  turnCountGte,
  wilsonInterval,
  wrap,
} = core

// ---------------------------------------------------------------------------------------------
// Shorthands

/** A valid-ish argument from fixed values. */
const {
  memoryStore,
  recordingErrorOf,
  recordingFetch,
  recordingFolder,
  recordingPath,
  RecordingSession,
  recordingTestId,
  resolveRecordingMode,
} = host
const v = (...values: unknown[]): fc.Arbitrary<Recipe> =>
  arg(fc.constantFrom(...values.map((value) => constant(value))))
/** A valid-ish argument from recipes. */
const r = (list: readonly Recipe[]): fc.Arbitrary<Recipe> => arg(oneOf(...list))
/** A valid-ish options object: valid ones, sometimes with one key tampered. */
const opts = (keys: readonly string[], ...valid: Recipe[]): fc.Arbitrary<Recipe> =>
  arg(tampered(oneOf(constant(undefined), ...valid), keys))
/** An object built fresh from a literal (for objects the call may keep or mutate). */
const obj = (label: string, make: () => unknown): Recipe => recipe(label, make)

/** Labels as calibrateJudge takes them: paths (none of them exists), parsed content, lists. */
const labelsContent = () => ({
  kind: 'vitest-scenario.labels',
  version: 1,
  file: 'test/refunds.test.ts',
  labels: [
    {
      test: 'refunds > asks first',
      sample: 0,
      outcome: 'polite refund',
      criterion: 'Asks for the order number',
      transcript: 'sha256:3f9a0c1d2e4b5a69',
      verdict: 'met',
    },
  ],
})
const labelsArg = arg(
  tamperedAt(
    oneOf(
      constant('test-results/no-such.labels.json'),
      recipe('labels content', labelsContent),
      recipe('[labels content]', () => [labelsContent()]),
    ),
    [['labels'], ['labels', 0], ['labels', 0, 'verdict'], ['file'], ['kind']],
  ),
)
/** calibrateJudge's options: a results file that does not exist, a root, a judge. */
const calibrateOptions = opts(
  ['results', 'root', 'judge', 'recording'],
  obj('{ results }', () => ({ results: 'test-results/no-such-results.json' })),
  obj('{ judge: { model } }', () => ({
    results: 'test-results/no-such-results.json',
    judge: { model: { model: 'judge', baseURL: 'http://127.0.0.1:9/v1' }, votes: 3 },
  })),
)
const confusionArg = arg(
  tampered(
    oneOf(
      obj('a table', () => ({ tp: 3, fn: 1, fp: 1, tn: 2, inconclusive: 1 })),
      obj('an empty table', () => ({ tp: 0, fn: 0, fp: 0, tn: 0, inconclusive: 0 })),
    ),
    ['tp', 'fn', 'fp', 'tn', 'inconclusive'],
  ),
)
const gatesArg = opts(
  ['minKappa', 'minTPR', 'minTNR', 'minAgreement'],
  obj('{ minKappa, minTPR }', () => ({ minKappa: 0.6, minTPR: 0.8 })),
)

/** A call a recording session answers (`handle` and `answer` take the same). */
const sessionCall = opts(
  ['url', 'init', 'baseURL', 'live'],
  obj('a session call', () => ({
    url: 'http://127.0.0.1:9/v1/chat/completions',
    init: { method: 'POST', body: '{"model":"m","messages":[]}' },
    baseURL: 'http://127.0.0.1:9/v1',
    live: async () => new Response('{}'),
  })),
)
/** A real result, sometimes with one value inside it replaced by a hostile one. */
const result = arg(tamperedAt(oneOf(...results), resultPaths))
/** A results report of three tests (one sampled, one failing), sometimes tampered at any depth. */
const resultsReport = arg(
  tamperedAt(
    oneOf(
      recipe('a results report', () =>
        reportOf([
          testOf({ test: 'a' }),
          testOf({ test: 'b', runs: [runOf(), runOf({ passed: false })] }),
          testOf({ test: 'c', runs: [runOf({ error: { category: 'timeout', message: 't' } })] }),
        ]),
      ),
    ),
    [
      ['tests'],
      ['tests', 0],
      ['tests', 1, 'scenario'],
      ['tests', 1, 'scenario', 'runs', 0],
      ['tests', 1, 'scenario', 'runs', 1, 'turns', 0],
      ['tests', 0, 'scenario', 'runs', 0, 'usage'],
      ['kind'],
    ],
  ),
)
/** Two shards' results reports (one test file each), sometimes tampered at any depth. */
const shardReports = arg(
  tamperedAt(
    oneOf(
      recipe('[shard 1, shard 2]', () => [
        reportOf([testOf({ test: 'a', file: 'a.test.ts' })], { commit: 'abc' }),
        reportOf([testOf({ test: 'b', file: 'b.test.ts', runs: [runOf(), runOf()] })], {
          commit: 'abc',
          createdAt: '2026-01-02T00:00:00.000Z',
        }),
      ]),
    ),
    [[0], [1, 'tests'], [1, 'commit'], [0, 'tests', 0, 'scenario'], [1, 'createdAt'], [0, 'kind']],
  ),
)
/** A list of results (`resultSet`, `scenarioMeta`): two, or none, tampered at any depth. */
const resultList = arg(
  tamperedAt(
    oneOf(
      recipe('[result, result]', () => [results[0]?.make(), results[1]?.make()]),
      recipe('[]', () => []),
    ),
    [[1], ...resultPaths.map((p) => [0, ...p])],
  ),
)
/** A real result set, sometimes with one value inside one of its samples replaced. */
const resultSetArg = arg(
  tamperedAt(oneOf(...resultSets), [
    ['passRate'],
    ['interval', 'low'],
    ['results', 1],
    ...resultPaths.map((p) => ['results', 0, ...p]),
  ]),
)
/** Any value: predicates and `cause` take anything. */
const any = hostileValue

/** An AI SDK language model pointed at a closed port with a fake key. */
const aiSdkLanguageModel = () =>
  createOpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'test-key-fake' }).chat('m')

let state: MatcherState | undefined

/** Hands the table the matcher state Vitest gives matchers (captured by the test file). */
export function useMatcherState(captured: MatcherState): void {
  state = captured
}

function matcherState(isNot: boolean): MatcherState {
  if (state === undefined) throw new Error('fuzz table: no matcher state captured')
  return { ...state, isNot }
}

/** A matcher called the way `expect(received).matcher(...args)` calls it, `.not` or not. */
function matcher(
  target: (this: MatcherState, received: unknown, ...args: never[]) => unknown,
  ...each: fc.Arbitrary<Recipe>[]
): Signature {
  const received = fc.oneof(result, resultSetArg)
  const base = fn(
    () => undefined,
    fc.boolean().map((b) => constant(b)),
    received,
    ...each,
  )
  return {
    args: base.args,
    call: ([isNot, ...rest]) =>
      (target as (this: MatcherState, ...a: unknown[]) => unknown).apply(
        matcherState(isNot === true),
        rest,
      ),
  }
}

/** A client stand-in that answers every judge call at once: one criterion, met. */
const judgeClient = () => ({
  chat: {
    completions: {
      create: async () => ({
        choices: [
          {
            message: {
              role: 'assistant',
              content: JSON.stringify({ criterion_1: { reasoning: 'Turn 0.', verdict: 'met' } }),
            },
          },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 2 },
      }),
    },
  },
})
const judgeHost = () => ({
  model: () => ({ model: 'judge', client: judgeClient() }),
  recording: () => undefined,
})
const judgeOptions = opts(
  ['model', 'instructions', 'inconclusive'],
  obj("{ model: { model, client }, instructions, inconclusive: 'pass' }", () => ({
    model: { model: 'judge', client: judgeClient() },
    instructions: 'Be strict.',
    inconclusive: 'pass',
  })),
)

const names = v('n', 'kept', 'a name', 'é')
const nodeIds = v('ask', 'challenge', 'new-node', 'x.y', END)

// A document with no callables, so `Scenario.fromJSON` can load it without a callables map.
const plainDocument = () =>
  new Scenario('plain')
    .addNode('ask', { question: 'Hi?' })
    .addNode('b', { question: { question: 'B?', rubric: { traits: [regexTrait('r', 'x')] } } })
    .addEdge('ask', 'b', { when: { verifyResult: null, 'parsed.a': { gte: 1 } } })
    .addEdge('ask', END)
    .addEdge('b', END)
    .setEntry('ask')
    .addOutcome('o', lastTurn({ nodeId: 'b' }))
    .validate()
    .toJSON()

const recordingText = () =>
  serializeRecording({
    kind: 'vitest-scenario.recording',
    formatVersion: core.RECORDING_FORMAT_VERSION,
    keyVersion: 1,
    test: 'a > b',
    status: 'complete',
    interactions: [
      {
        request: { method: 'POST', path: '/chat/completions', body: { model: 'm' } },
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: {} },
        durationMs: 3,
      },
    ],
  } as Parameters<typeof serializeRecording>[0])

const recorderOptions = () => ({
  file: `${process.cwd()}/test-results/reliability/fuzz-recorder/never-written.json`,
  displayFile: 'never-written.json',
  test: 'fuzz > recorder',
  mode: 'replay',
  command: 'npx vitest run',
})

const client = () => new OpenAI({ apiKey: 'test-key-fake', baseURL: 'http://127.0.0.1:9/v1' })

/** An agent whose reply is generated: valid answers, structured replies, or hostile values. */
const agents: fc.Arbitrary<Recipe> = fc.oneof(
  fc.constant(recipe("scriptedModel(['a', 'b', 'c'])", () => scriptedModel(['a', 'b', 'c']))),
  hostileValue.map((reply) =>
    recipe(`async () => (${reply.label})`, () => async () => reply.make()),
  ),
  hostileValue.map((value) =>
    recipe(`async () => ({ content: 'x', messages: ${value.label} })`, () => async () => ({
      content: 'x',
      messages: value.make(),
    })),
  ),
  hostileValue.map((value) =>
    recipe(`async () => ({ content: 'x', toolCalls: ${value.label} })`, () => async () => ({
      content: 'x',
      toolCalls: value.make(),
    })),
  ),
  hostileValue.map((value) =>
    recipe(`async () => ({ content: 'x', usage: ${value.label} })`, () => async () => ({
      content: 'x',
      usage: value.make(),
    })),
  ),
)

// ---------------------------------------------------------------------------------------------
// The table

/**
 * Every public callable by name: `name` for functions, `new Name` for constructors, `Name#m` for
 * methods, `Name.m` for static methods and members of exported objects, and `name()…` for the
 * functions a call returns.
 */
export const table: Readonly<Record<string, Signature>> = {
  // Conditions
  isStateCheck: fn(isStateCheck, arg(oneOf(...whens))),
  stateCheck: fn(stateCheck, r(dotPaths), r(primitives), r(jsonValues)),

  // Errors: the predicates (the constructors are excluded by rule, see exclusions.ts)
  isModelCallError: fn(isModelCallError, any),
  isScenarioError: fn(isScenarioError, any),
  isGuardrailTripwire: fn(isGuardrailTripwire, any),

  // Outcome criteria
  allOf: fn(allOf, r(booleanChecks), r(booleanChecks), r(booleanChecks)),
  judge: fn(judge, v(['Polite'], ['Greets', 'Brief']), judgeOptions),
  judgeConversation: fn(
    judgeConversation,
    result,
    v(['Polite']),
    opts(
      ['model', 'instructions', 'inconclusive', 'recording', 'limiter', 'signal'],
      obj('{ model: { model, client }, limiter }', () => ({
        model: { model: 'judge', client: judgeClient() },
        limiter: createLimiter({ maxConcurrentCalls: 2 }),
      })),
    ),
  ),
  calibrateJudge: fn(calibrateJudge, labelsArg, calibrateOptions),
  agreementStats: fn(agreementStats, confusionArg),
  cohensKappa: fn(cohensKappa, confusionArg),
  anyOf: fn(anyOf, r(booleanChecks), r(booleanChecks)),
  atLeastN: fn(atLeastN, v(0, 1, 2), r(booleanChecks), r(booleanChecks)),
  allTurns: fn(
    allTurns,
    opts(
      ['verifyResult', 'parsed.drug'],
      obj('{ verifyResult: true }', () => ({ verifyResult: true })),
    ),
    opts(
      ['node'],
      obj("{ node: 'ask' }", () => ({ node: 'ask' })),
      obj("{ node: ['ask'] }", () => ({ node: ['ask'] })),
    ),
  ),
  anyTurn: fn(
    anyTurn,
    opts(
      ['verifyResult', 'parsed.drug'],
      obj("{ verifyResult: false, 'parsed.drug': { matches: 'v' } }", () => ({
        verifyResult: false,
        'parsed.drug': { matches: 'v' },
      })),
    ),
    opts(
      ['node'],
      obj("{ node: 'ask' }", () => ({ node: 'ask' })),
    ),
  ),
  handedOffTo: fn(
    handedOffTo,
    v('billing', 'triage'),
    opts(
      ['scope'],
      obj('{ scope: turnAt(0) }', () => ({ scope: turnAt(0) })),
    ),
  ),
  calledTool: fn(
    calledTool,
    v('search', 'book'),
    opts(
      ['args', 'times', 'scope', 'node'],
      obj("{ args: { city: 'Paris', q: /par/i } }", () => ({ args: { city: 'Paris', q: /par/i } })),
      obj('{ times: { min: 1, max: 2 } }', () => ({ times: { min: 1, max: 2 } })),
      obj('{ scope: lastTurnScope() }', () => ({ scope: lastTurnScope() })),
      obj("{ node: ['ask'], times: 0 }", () => ({ node: ['ask'], times: 0 })),
    ),
  ),
  createLimiter: fn(
    createLimiter,
    opts(
      ['maxConcurrentCalls'],
      obj('{ maxConcurrentCalls: 2 }', () => ({ maxConcurrentCalls: 2 })),
    ),
  ),
  countTurns: fn(
    countTurns,
    opts(
      ['node', 'verifyResult'],
      obj("{ node: 'ask', verifyResult: null }", () => ({ node: 'ask', verifyResult: null })),
    ),
  ),
  crossTurn: fn(
    crossTurn,
    opts(
      ['source', 'sourceField', 'target', 'targetField', 'comparison', 'normalize'],
      obj('a crossTurn spec', () => ({
        source: firstTurnScope(),
        sourceField: 'parsed.drug',
        target: lastTurnScope(),
        targetField: 'parsed.drug',
        comparison: 'eq',
        normalize: ['lowercase'],
      })),
    ),
  ),
  evaluateOutcome: fn(
    evaluateOutcome,
    r(checks),
    result,
    opts(
      ['diagnostics'],
      obj('{ diagnostics: [] }', () => ({ diagnostics: [] })),
    ),
  ),
  firstMatchIndex: fn(
    firstMatchIndex,
    opts(
      ['node', 'verifyResult'],
      obj("{ node: ['ask'], verifyResult: true }", () => ({ node: ['ask'], verifyResult: true })),
    ),
  ),
  firstTurn: fn(
    firstTurn,
    opts(
      ['nodeId', 'rubric.polite'],
      obj("{ nodeId: 'ask' }", () => ({ nodeId: 'ask' })),
    ),
  ),
  firstTurnScope: fn(firstTurnScope),
  lastTurn: fn(
    lastTurn,
    opts(
      ['verifyResult', 'parsed.score'],
      obj("{ 'parsed.score': { gte: 3 } }", () => ({ 'parsed.score': { gte: 3 } })),
    ),
  ),
  lastTurnScope: fn(lastTurnScope),
  resultCheck: fn(
    resultCheck,
    v('status', 'turnCount', 'path', 'scenarioId'),
    r(jsonValues),
    r(primitives),
  ),
  statusIs: fn(statusIs, v('completed', 'error', 'limit_reached')),
  toolTrajectory: fn(
    toolTrajectory,
    v(['search', 'book'], [], ['search', { name: 'book', args: { city: 'Paris' } }]),
    opts(
      ['mode', 'scope', 'node'],
      obj("{ mode: 'superset' }", () => ({ mode: 'superset' })),
      obj("{ mode: 'unordered', scope: turnAt(0) }", () => ({
        mode: 'unordered',
        scope: turnAt(0),
      })),
      obj("{ node: 'ask' }", () => ({ node: 'ask' })),
    ),
  ),
  turnAt: fn(turnAt, v(0, -1, 3)),
  turnCheck: fn(turnCheck, r(scopes), r(fieldNames), r(jsonValues), r(primitives)),
  turnCountEq: fn(turnCountEq, v(0, 2)),
  turnCountGte: fn(turnCountGte, v(0, 2)),

  // Comparison primitives
  booleanMatch: fn(booleanMatch),
  containsAll: fn(
    containsAll,
    v(['a', 'b'], []),
    opts(
      ['normalize'],
      obj('{ normalize }', () => ({ normalize: ['lowercase'] })),
    ),
  ),
  containsAny: fn(
    containsAny,
    v(['a']),
    opts(
      ['normalize'],
      obj('{ normalize: [] }', () => ({ normalize: [] })),
    ),
  ),
  dateMatch: fn(dateMatch),
  dateRange: fn(
    dateRange,
    opts(
      ['min', 'max'],
      obj("{ min: '2024-01-01', max: new Date() }", () => ({
        min: '2024-01-01',
        max: new Date(0),
      })),
    ),
  ),
  dateTolerance: fn(
    dateTolerance,
    opts(
      ['tolerance', 'unit'],
      obj("{ tolerance: 2, unit: 'hours' }", () => ({ tolerance: 2, unit: 'hours' })),
    ),
  ),
  exactMatch: fn(
    exactMatch,
    opts(
      ['normalize'],
      obj('{ normalize }', () => ({ normalize: ['strip'] })),
    ),
  ),
  literalMatch: fn(literalMatch),
  numericExact: fn(numericExact),
  numericGraded: fn(
    numericGraded,
    opts(
      ['cutoff', 'fullCredit', 'mode', 'decay'],
      obj("{ cutoff: 0.5, mode: 'absolute', decay: 'quadratic' }", () => ({
        cutoff: 0.5,
        mode: 'absolute',
        decay: 'quadratic',
      })),
    ),
  ),
  numericMaximum: fn(
    numericMaximum,
    opts(
      ['exclusive'],
      obj('{ exclusive: true }', () => ({ exclusive: true })),
    ),
  ),
  numericMinimum: fn(
    numericMinimum,
    opts(
      ['exclusive'],
      obj('{ exclusive: false }', () => ({ exclusive: false })),
    ),
  ),
  numericRange: fn(
    numericRange,
    opts(
      ['min', 'max', 'exclusiveMin', 'exclusiveMax'],
      obj('{ min: 1, max: 5 }', () => ({ min: 1, max: 5, exclusiveMax: true })),
    ),
  ),
  numericRangeGraded: fn(
    numericRangeGraded,
    opts(
      ['min', 'max', 'margin', 'mode', 'decay'],
      obj('{ min: 1, max: 5, margin: 1 }', () => ({ min: 1, max: 5, margin: 1 })),
    ),
  ),
  numericThresholdGraded: fn(
    numericThresholdGraded,
    opts(
      ['direction', 'margin', 'mode', 'decay'],
      obj("{ direction: 'above', margin: 2 }", () => ({ direction: 'above', margin: 2 })),
    ),
  ),
  numericTolerance: fn(
    numericTolerance,
    opts(
      ['tolerance', 'mode'],
      obj("{ tolerance: 0.1, mode: 'absolute' }", () => ({ tolerance: 0.1, mode: 'absolute' })),
    ),
  ),
  orderedMatch: fn(
    orderedMatch,
    opts(
      ['normalize'],
      obj('{ normalize: [] }', () => ({ normalize: [] })),
    ),
  ),
  regexMatch: fn(
    regexMatch,
    v('^a', 'b+', '('),
    opts(
      ['flags'],
      obj("{ flags: 'i' }", () => ({ flags: 'i' })),
    ),
  ),
  setContainment: fn(
    setContainment,
    v('exact', 'subset', 'superset', 'overlap'),
    opts(
      ['minOverlap'],
      obj('{ minOverlap: 2 }', () => ({ minOverlap: 2 })),
    ),
  ),
  synonymMap: fn(
    synonymMap,
    opts(
      ['usa'],
      obj("{ usa: 'united states' }", () => ({ usa: 'united states' })),
    ),
  ),

  // Recordings
  parseRecording: fn(
    parseRecording,
    arg(oneOf(recipe('a recording file', recordingText), constant('{}'), constant('not json'))),
    v('fixtures/a.json'),
  ),
  // Reads only: a missing file, a folder, a JSON file of another kind, a file that is no JSON.
  readResultsReport: fn(
    host.readResultsReport,
    v('test-results/no-such-results.json', '.', 'package.json', 'README.md'),
  ),
  tryReadResultsReport: fn(
    host.tryReadResultsReport,
    v('test-results/no-such-results.json', '.', 'package.json', 'README.md'),
  ),
  parseResultsReport: fn(host.parseResultsReport, any, v('results.json')),
  'new RecordingSession': ctor(
    RecordingSession,
    opts(
      ['file', 'displayFile', 'test', 'mode', 'command', 'redact', 'allowSecrets', 'store'],
      obj('session options', recorderOptions),
    ),
  ),
  'RecordingSession#handle': method(
    () => new RecordingSession(recorderOptions() as never),
    'handle',
    sessionCall,
  ),
  'RecordingSession#replayDirect': method(
    () => new RecordingSession(recorderOptions() as never),
    'replayDirect',
    opts(
      ['url', 'body', 'baseURL'],
      obj('a direct call', () => ({
        url: 'http://127.0.0.1:9/v1/chat/completions',
        body: '{"model":"m","messages":[]}',
        baseURL: 'http://127.0.0.1:9/v1',
      })),
    ),
  ),
  'RecordingSession#answer': method(
    () => new RecordingSession(recorderOptions() as never),
    'answer',
    sessionCall,
  ),
  'RecordingSession#answerMcp': method(
    () => new RecordingSession(recorderOptions() as never),
    'answerMcp',
    opts(
      ['server', 'method', 'tool', 'arguments'],
      obj('an MCP request', () => ({
        server: 'weather',
        method: 'tools/call',
        tool: 'get_weather',
        arguments: { city: 'Paris' },
      })),
    ),
    r([obj('a live MCP answer', () => async () => ({ result: { content: [] } }))]),
  ),
  'RecordingSession#finish': method(
    () => new RecordingSession(recorderOptions() as never),
    'finish',
    v(false),
  ),
  memoryStore: fn(memoryStore, v(undefined, {}, { '/r/a.json': '{}' })),
  recordingErrorOf: fn(recordingErrorOf, v(new Error('x'), undefined)),
  recordingFetch: fn(
    recordingFetch,
    opts(
      ['recording', 'baseURL', 'live'],
      obj('{ recording, baseURL, live }', () => ({
        recording: () => undefined,
        baseURL: () => 'http://127.0.0.1:9/v1',
        live: async () => new Response('{}'),
      })),
    ),
  ),
  recordingFolder: fn(
    recordingFolder,
    opts(
      ['testFile', 'root', 'dir', 'candidate'],
      obj('{ testFile, root }', () => ({
        testFile: '/r/t/a.test.ts',
        root: '/r',
        dir: 'fixtures',
        candidate: 'gpt-5',
      })),
    ),
  ),
  recordingPath: fn(recordingPath, v('/r/__recordings__'), v('a-1234')),
  recordingTestId: fn(recordingTestId, v(['suite', 'test'], []), v(undefined, 0, 3)),
  resolveRecordingMode: fn(
    resolveRecordingMode,
    v('none', 'new', 'all', undefined),
    v(undefined, 'replay', ''),
  ),
  // Reporter meta: a host builds it from a test's definition and results when the test ends.
  scenarioMeta: fn(
    host.scenarioMeta,
    v(definition),
    resultList,
    opts(
      ['samples', 'text'],
      obj('{ samples }', () => ({ samples: 2 })),
    ),
  ),
  // Comparison views: the colours comparisonText paints with.
  colors: fn(host.colors, v(true, false)),
  nodeTestRerecordCommand: fn(
    host.nodeTestRerecordCommand,
    v('test/a.test.mjs', "test/it's here.test.mjs"),
    v('24.1.0', '22.2.0', '20.19.0'),
  ),
  // Comparisons: two results reports (valid ones, tampered at any depth) and compare.json.
  compareReports: fn(
    host.compareReports,
    resultsReport,
    resultsReport,
    opts(
      ['baselineSource', 'candidateSource', 'failOn', 'now'],
      obj('{ sources, failOn }', () => ({
        baselineSource: 'base.json',
        candidateSource: 'cand.json',
        failOn: { regressed: 0, worse: true, costIncrease: 10 },
      })),
    ),
  ),
  mergeResultsReports: fn(
    host.mergeResultsReports,
    shardReports,
    arg(oneOf(recipe("['a.json', 'b.json']", () => ['a.json', 'b.json']))),
  ),
  readComparison: fn(
    host.readComparison,
    v(
      '{"kind":"vitest-scenario.compare","version":1}',
      '{',
      'test-results/no-such-compare.json',
      '',
    ),
  ),
  metaText: fn(
    host.metaText,
    opts(
      ['redact', 'allowSecrets'],
      obj('{ redact }', () => ({ redact: (s: string) => s.replaceAll('secret', '<s>') })),
    ),
  ),
  serializeRecording: fn(
    serializeRecording,
    arg(
      tamperedAt(
        tampered(oneOf(recipe('a recording', () => JSON.parse(recordingText()))), [
          'interactions',
          'test',
          'status',
        ]),
        [
          ['interactions', 0],
          ['interactions', 0, 'request'],
          ['interactions', 0, 'request', 'body'],
          ['interactions', 0, 'response', 'status'],
          ['interactions', 0, 'response', 'headers'],
          ['interactions', 0, 'response', 'body'],
          ['interactions', 0, 'durationMs'],
        ],
      ),
    ),
  ),
  // The AI SDK adapter (vitest-scenario/ai-sdk): a model that reaches nothing (the fuzz only
  // makes agents and configs; it never calls them).
  aiSdkAgent: fn(
    aiSdkAgent,
    opts(
      ['model', 'tools', 'system', 'stopWhen'],
      obj('{ model: openai.chat(…) }', () => ({ model: aiSdkLanguageModel() })),
      obj("{ model: 'gateway/model', system: 'Be brief.' }", () => ({
        model: 'gateway/model',
        system: 'Be brief.',
      })),
    ),
  ),
  aiSdkModel: fn(
    aiSdkModel,
    arg(oneOf(recipe('openai.chat(…)', aiSdkLanguageModel), constant('gateway/model'))),
  ),
  wrap: fn(
    wrap,
    arg(oneOf(recipe('new OpenAI(…)', client))),
    arg(oneOf(recipe('() => undefined', () => () => undefined))),
  ),

  // Routing and state
  resolveNextNode: fn(
    resolveNextNode,
    arg(
      tamperedAt(
        oneOf(
          recipe("definition.edgesFrom('ask')", () =>
            definition.edgesFrom('ask').map((edge) => ({ ...edge })),
          ),
          recipe('[]', () => []),
        ),
        [[0], [0, 'when'], [1, 'when'], [0, 'target']],
      ),
    ),
    arg(tamperedAt(oneOf(...states), [['parsed'], ['nodeVisits'], ['turn'], ['verifyResult']])),
    opts(
      ['diagnostics'],
      obj('{ diagnostics: [] }', () => ({ diagnostics: [] })),
    ),
  ),
  resolvePath: fn(resolvePath, r(states), r(dotPaths)),
  isScenarioExecutionResult: fn(isScenarioExecutionResult, r(results)),

  // Rubrics
  callableTrait: fn(
    callableTrait,
    names,
    v(() => true),
  ),
  llmTrait: fn(
    llmTrait,
    names,
    opts(
      ['description', 'kind', 'min', 'max', 'labels'],
      obj("{ description, kind: 'score', min: 1, max: 3 }", () => ({
        description: 'd',
        kind: 'score',
        min: 1,
        max: 3,
      })),
      obj("{ description, kind: 'labels', labels }", () => ({
        description: 'd',
        kind: 'labels',
        labels: ['a', 'b'],
      })),
    ),
  ),
  regexTrait: fn(
    regexTrait,
    names,
    v('please', /x/i),
    opts(
      ['invert', 'flags'],
      obj('{ invert: true }', () => ({ invert: true })),
    ),
  ),

  // Simulated users
  simulatedUser: fn(
    simulatedUser,
    opts(
      ['persona', 'goal', 'instructions', 'opening', 'model'],
      obj('{ persona, goal }', () => ({ persona: 'a customer', goal: 'a refund' })),
      obj('{ persona, goal, instructions, opening, model }', () => ({
        persona: 'a customer',
        goal: 'a refund',
        instructions: 'be brief',
        opening: 'Hello',
        model: { model: 'm', temperature: 1 },
      })),
    ),
  ),
  isSimulatedUser: fn(isSimulatedUser, any),

  // Running
  runScenario: weighted(
    fn(
      runScenario,
      arg(oneOf(constant(definition, 'definition'), recipe('a Scenario builder', buildScenario))),
      arg(
        tampered(
          agents.map((agent) =>
            recipe(`{ model: ${agent.label}, turnLimit: 3 }`, () => ({
              model: agent.make(),
              turnLimit: 3,
            })),
          ),
          [
            'turnLimit',
            'rubric',
            'systemPrompt',
            'signal',
            'tools',
            'maxToolRounds',
            'toolTimeoutMs',
            'turnTimeoutMs',
            'limiter',
            'prices',
            'parsingModel',
            'userModel',
          ],
        ),
      ),
    ),
    3,
  ),

  // Samples
  isScenarioResultSet: fn(isScenarioResultSet, r(resultSets)),
  resultSet: fn(resultSet, resultList, v(undefined, 0.9, 0.99)),
  samplePassed: fn(samplePassed, result),
  wilsonInterval: fn(wilsonInterval, v(0, 3, 10), v(0, 10), v(undefined, 0.95)),

  // The builder and definitions
  isScenarioDefinition: fn(isScenarioDefinition, v(definition)),
  'new Scenario': ctor(
    Scenario,
    names,
    opts(
      ['description'],
      obj("{ description: 'd' }", () => ({ description: 'd' })),
    ),
  ),
  'Scenario.fromJSON': fn(
    Scenario.fromJSON,
    arg(
      tamperedAt(
        tampered(
          oneOf(
            recipe('a scenario document as text', () => JSON.stringify(plainDocument())),
            ...[0, 1].map(() => recipe('a scenario document', plainDocument)),
          ),
          ['formatVersion', 'kind', 'name', 'nodes', 'edges', 'entryNode', 'outcomeCriteria'],
        ),
        [
          ['nodes', 0],
          ['nodes', 0, 'id'],
          ['nodes', 0, 'question'],
          ['nodes', 1, 'question', 'rubric'],
          ['nodes', 1, 'question', 'rubric', 'traits', 0],
          ['nodes', 1, 'question', 'rubric', 'traits', 0, 'pattern'],
          ['edges', 0],
          ['edges', 0, 'when'],
          ['edges', 0, 'when', 'parsed.a'],
          ['edges', 0, 'when', 'parsed.a', 'gte'],
          ['outcomeCriteria', 0],
          ['outcomeCriteria', 0, 'check'],
          ['outcomeCriteria', 0, 'check', 'scope'],
          ['outcomeCriteria', 0, 'check', 'verifyWith'],
          ['outcomeCriteria', 0, 'check', 'verifyWith', 'normalize'],
        ],
      ),
    ),
    opts(
      ['callables'],
      obj('{ callables: {} }', () => ({ callables: { f: () => true } })),
    ),
  ),
  'Scenario#addNode': method(
    buildScenario,
    'addNode',
    nodeIds,
    arg(
      tampered(oneOf(...nodeSpecs), [
        'question',
        'metadata',
        'toolFilter',
        'modelOverride',
        'stateUpdate',
      ]),
    ),
  ),
  'Scenario#addEdge': method(
    buildScenario,
    'addEdge',
    nodeIds,
    nodeIds,
    opts(['when'], ...whens.map((w) => recipe(`{ when: ${w.label} }`, () => ({ when: w.make() })))),
  ),
  'Scenario#setEntry': method(buildScenario, 'setEntry', nodeIds),
  'Scenario#addOutcome': method(
    buildScenario,
    'addOutcome',
    names,
    r(checks),
    opts(
      ['description'],
      obj("{ description: 'd' }", () => ({ description: 'd' })),
    ),
  ),
  'Scenario#addOutcomeCriterion': method(
    buildScenario,
    'addOutcomeCriterion',
    opts(
      ['name', 'description', 'check', 'evaluate'],
      obj('{ name, check }', () => ({ name: 'c', check: lastTurn({ verifyResult: true }) })),
      obj('{ name, evaluate }', () => ({ name: 'e', evaluate: () => true })),
    ),
  ),
  'Scenario#edgesFrom': method(buildScenario, 'edgesFrom', nodeIds),
  'Scenario#validate': method(buildScenario, 'validate'),
  'new ScenarioDefinition': ctor(ScenarioDefinition, any),
  'ScenarioDefinition#edgesFrom': method(() => definition, 'edgesFrom', nodeIds),
  'ScenarioDefinition#toJSON': method(() => definition, 'toJSON'),

  scriptedTurns: fn(
    scriptedTurns,
    v(['a?', 'b?'], [{ id: 'x', question: 'q?' }]),
    opts(
      ['name', 'idPrefix', 'scenario'],
      obj("{ name: 'n', idPrefix: 'step' }", () => ({ name: 'n', idPrefix: 'step' })),
    ),
  ),

  // Scripted models
  scriptedModel: fn(
    scriptedModel,
    v(['a', 'b'], [new Error('down')], () => 'reply'),
  ),
  'scriptedModel()(conversation, context)': {
    args: fc.tuple(
      arg(
        oneOf(
          constant(['a'], "['a']"),
          recipe("[{ content: 'x', toolCalls: [] }]", () => [{ content: 'x', toolCalls: [] }]),
          recipe('(conversation) => conversation.length', () => (c: unknown[]) => `${c.length}`),
          constant([]),
        ),
      ),
      r(conversations),
      r(agentContexts),
    ),
    call: async ([replies, conversation, context]) => {
      const agent = scriptedModel(replies as never) as unknown as (...a: unknown[]) => unknown
      try {
        return await agent(conversation, context)
      } catch (error) {
        // An Error reply is thrown as it is, and so is what a reply function throws.
        if (typeof replies === 'function') return undefined
        if (Array.isArray(replies) && replies.includes(error)) return undefined
        throw error
      }
    },
  },

  // The OpenAI Agents SDK adapter (its agent function runs the SDK: openai-agents tests)
  openAIAgent: fn(
    openAIAgent,
    r([
      obj("new Agent({ name: 'Fuzzed' })", () => new Agent({ name: 'Fuzzed' })),
      obj("{ name: 'Fake', tools: [] }", () => ({ name: 'Fake', tools: [] })),
    ]),
    opts(
      ['runner', 'runConfig', 'context', 'continueWith', 'maxTurns'],
      constant({ maxTurns: 3, continueWith: 'entry' }),
      obj('{ runConfig: { tracingDisabled: true }, context: { user: 1 } }', () => ({
        runConfig: { tracingDisabled: true },
        context: { user: 1 },
      })),
    ),
  ),

  // The agent functions the two adapters make, called as a run calls them.
  ...adapterAgents,

  // Conversation snapshots
  'conversationSerializer.test': fn(conversationSerializer.test, r(results)),
  'conversationSerializer.serialize': fn(
    conversationSerializer.serialize,
    fc.oneof(result, resultSetArg),
  ),
  renderConversation: fn(renderConversation, fc.oneof(result, r(results))),
  renderResultSet: fn(renderResultSet, resultSetArg),

  // Templates and tools
  defineTemplate: fn(
    defineTemplate,
    opts(
      ['schema', 'groundTruth', 'verify', 'parse'],
      obj('{ schema, groundTruth, verify }', () => ({
        schema: z.object({ drug: z.string() }),
        groundTruth: { drug: 'v' },
        verify: { drug: exactMatch() },
      })),
      obj('{ schema, parse }', () => ({
        schema: z.object({ n: z.number().optional() }),
        parse: () => ({}),
      })),
    ),
  ),
  isAnswerTemplate: fn(isAnswerTemplate, v(drugTemplate)),
  tool: fn(
    tool,
    opts(
      ['description', 'parameters', 'execute', 'onError'],
      obj('{ description, parameters, execute }', () => ({
        description: 'Look up',
        parameters: z.object({ q: z.string() }),
        execute: async () => 'found',
        onError: 'report',
      })),
    ),
  ),

  // Matchers (`vitest-scenario/matchers`), called as `expect(received).matcher(...)` calls them
  'matchers.toBeConsistentAcross': matcher(
    matchers.toBeConsistentAcross,
    r(scopes),
    r(scopes),
    r(fieldNames),
    opts(
      ['normalize'],
      ...normalizers.map((n) =>
        recipe(`{ normalize: ${n.label} }`, () => ({ normalize: n.make() })),
      ),
    ),
  ),
  'matchers.toHaveCalledTool': matcher(
    matchers.toHaveCalledTool,
    v('search', 'book'),
    v(undefined, { city: 'Paris' }),
    opts(
      ['times', 'turn'],
      obj('{ times: 1, turn: -1 }', () => ({ times: 1, turn: -1 })),
    ),
  ),
  'matchers.toHaveHandedOffTo': matcher(
    matchers.toHaveHandedOffTo,
    v('billing', 'triage'),
    opts(
      ['turn'],
      obj('{ turn: -1 }', () => ({ turn: -1 })),
    ),
  ),
  'matchers.toHaveTrippedGuardrail': matcher(
    matchers.toHaveTrippedGuardrail,
    v(undefined, 'no-math'),
    opts(
      ['turn'],
      obj('{ turn: 0 }', () => ({ turn: 0 })),
    ),
  ),
  'matchers.toHaveToolTrajectory': matcher(
    matchers.toHaveToolTrajectory,
    v(['search'], []),
    opts(
      ['mode', 'turn'],
      obj("{ mode: 'subset', turn: 0 }", () => ({ mode: 'subset', turn: 0 })),
    ),
  ),
  'matchers.toHaveFollowedPath': matcher(matchers.toHaveFollowedPath, v(['ask', 'challenge'], [])),
  'matchers.toHavePassRate': matcher(
    matchers.toHavePassRate,
    v(0, 0.5, 1),
    opts(
      ['confidence'],
      obj('{ confidence: 0.9 }', () => ({ confidence: 0.9 })),
    ),
  ),
  'matchers.toHaveStatus': matcher(matchers.toHaveStatus, v('completed', 'error')),
  'matchers.toHaveTurnCheck': matcher(matchers.toHaveTurnCheck, r(booleanChecks)),
  'matchers.toHaveTurnCount': matcher(matchers.toHaveTurnCount, v(0, 2)),
  'matchers.toHaveVisited': matcher(matchers.toHaveVisited, nodeIds, v(undefined, 1)),
  'matchers.toPassOutcomes': matcher(
    matchers.toPassOutcomes,
    v(undefined, 'kept', ['kept', 'turns']),
  ),
  'matchers.toSatisfyOutcome': matcher(matchers.toSatisfyOutcome, r(booleanChecks)),
  createToMatchConversationSnapshot: fn(
    createToMatchConversationSnapshot,
    v(() => ({ pass: true, message: () => '' })),
  ),
  createToSatisfyJudge: fn(
    createToSatisfyJudge,
    opts(['model', 'recording', 'limiter'], obj('{ model, recording }', judgeHost)),
  ),
  'createToSatisfyJudge()(received, criteria, options)': matcher(
    createToSatisfyJudge(judgeHost()),
    v(['Polite']),
    judgeOptions,
  ),
  createToAgreeWithLabels: fn(
    createToAgreeWithLabels,
    opts(
      ['root'],
      obj('{ root }', () => ({ root: () => undefined })),
    ),
  ),
  'createToAgreeWithLabels()(received, gates)': {
    args: fn(
      () => undefined,
      fc.boolean().map((b) => constant(b)),
      labelsArg,
      gatesArg,
    ).args,
    call: ([isNot, ...rest]) =>
      createToAgreeWithLabels({
        calibrate: (labels) => core.calibrateJudge(labels as never),
      }).apply(matcherState(isNot === true), rest as [unknown, never]),
  },
  'createToMatchConversationSnapshot()(received, hint)': matcher(
    createToMatchConversationSnapshot(() => ({ pass: true, message: () => '' })),
    v(undefined, 'hint'),
  ),

  // Plugin, reporter, setup
  scenarioPlugin: fn(
    scenarioPlugin,
    opts(
      [
        'model',
        'parsingModel',
        'userModel',
        'recordings',
        'maxConcurrentCalls',
        'turnTimeoutMs',
        'prices',
      ],
      obj('plugin options', () => ({
        model: { model: 'm', baseURL: 'http://127.0.0.1:9/v1' },
        recordings: { dir: 'fixtures', redact: './test/redact.ts', allowSecrets: ['a.b'] },
        maxConcurrentCalls: 2,
        prices: { m: { input: 1, output: 2 } },
      })),
    ),
  ),
  // The node:test host (vitest-scenario/node-test): the assertions are made lazily, so any
  // received value gives an object; the reporter's options are checked when it is made.
  assertScenario: fn(assertScenario, result),
  // An assertion that fails is an outcome, not a foreign error: node:assert's AssertionError is
  // what it throws by contract (an empty list of labels counts nothing and fails).
  assertAgreesWithLabels: {
    args: fn(() => undefined, labelsArg, gatesArg).args,
    call: ([labels, gates]) =>
      assertAgreesWithLabels(labels as never, gates as never).catch((error: unknown) => {
        if (!(error instanceof AssertionError)) throw error
      }),
  },
  // Declares nothing: it checks the options and returns a scenario() that declares when called.
  scenarioWith: fn(
    scenarioWith,
    opts(
      ['model', 'parsingModel', 'userModel', 'turnTimeoutMs', 'prices', 'budget', 'candidates'],
      obj('{ model, candidates }', () => ({
        model: { model: 'm', baseURL: 'http://127.0.0.1:9/v1' },
        candidates: { next: { model: { model: 'n' }, fork: 1 } },
      })),
    ),
  ),
  scenarioReporter: fn(
    scenarioReporter,
    opts(
      ['markdown', 'html'],
      obj("{ html: 'r.html' }", () => ({ html: 'r.html', markdown: 'r.md' })),
    ),
  ),
  'new ScenarioReporter': ctor(
    ScenarioReporter,
    opts(
      ['markdown', 'html'],
      obj("{ html: 'r.html' }", () => ({ html: 'r.html', markdown: 'r.md' })),
    ),
  ),
  configureRecordings: {
    ...fn(
      configureRecordings,
      opts(
        ['redact'],
        obj('{ redact }', () => ({ redact: (s: string) => s })),
      ),
    ),
    call: (args) => {
      try {
        return (configureRecordings as (...a: unknown[]) => unknown)(...args)
      } finally {
        configureRecordings({ redact: undefined } as never)
      }
    },
  },
}

/**
 * Uses of several callables in a row, each fuzzed like a callable: what one call leaves behind
 * (a recording file) is what the next one reads.
 */
export const journeys: Readonly<Record<string, Signature>> = {
  'RecordingSession: record, finish, replay': recordedExchange,
}
