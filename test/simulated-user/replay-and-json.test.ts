import { describe, expect, test, vi } from 'vitest'
import {
  END,
  resolvePath,
  runScenario,
  Scenario,
  type ScenarioDocument,
  ScenarioDocumentError,
  scriptedModel,
  simulatedUser,
} from '../../src/core.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { useScriptedServer } from '../models/server-fixture.js'

const { server, model } = useScriptedServer()

const customer = simulatedUser({
  persona: 'You are Dana, a customer whose parcel is late.',
  goal: 'Get a new delivery date.',
  opening: 'Hi, my parcel has not arrived.',
  model: { model: 'sim-model', temperature: 1 },
})

const support = () =>
  new Scenario('late parcel')
    .addNode('customer', { question: customer })
    .addEdge('customer', END, { when: { 'user.goalReached': true } })
    .addEdge('customer', 'customer', { when: { 'nodeVisits.customer': { lt: 4 } } })
    .addEdge('customer', END)
    .setEntry('customer')
    .validate()

const agent = () => scriptedModel(() => 'It arrives on Friday.')
const replies = () =>
  server().reply(
    { json: { message: 'When exactly?', goalReached: false } },
    { json: { message: 'Thanks!', goalReached: true } },
  )

describe('a simulated user replayed from a recording', () => {
  const FILE = '/memory/__recordings__/s.test.ts/late-parcel.json'
  const store = memoryStore()
  const session = (mode: 'new' | 'replay') =>
    new RecordingSession({
      file: FILE,
      displayFile: 's.test.ts/late-parcel.json',
      test: 'late parcel',
      mode,
      command: 'npx vitest run s.test.ts -u',
      store,
    })
  // The simulator's model names no base URL of its own: the run's userModel would; here the
  // simulated user's model is merged with the server's address.
  const definition = () =>
    new Scenario('late parcel')
      .addNode('customer', {
        question: simulatedUser({
          ...customerOptions(),
          model: { ...model(), model: 'sim-model' },
        }),
      })
      .addEdge('customer', END, { when: { 'user.goalReached': true } })
      .addEdge('customer', 'customer')
      .setEntry('customer')
      .validate()

  test('records the simulator’s calls, then replays them with no request and no key', async () => {
    replies()
    const recording = session('new')
    const live = await runScenario(definition(), { model: agent(), recording })
    expect(await recording.finish(false)).toMatchObject({ recorded: 2, written: true })
    server().reset()

    vi.stubEnv('OPENAI_API_KEY', '')
    const replaying = session('replay')
    const replayed = await runScenario(definition(), { model: agent(), recording: replaying })
    vi.unstubAllEnvs()
    expect(server().requests).toHaveLength(0)
    expect(replayed.status).toBe('completed')
    expect(replayed.history.map((t) => t.questionText)).toEqual(
      live.history.map((t) => t.questionText),
    )
    expect(replayed.history.map((t) => t.user)).toEqual(live.history.map((t) => t.user))
    expect(replayed.usage.replayed).toBe(true)
    expect(replayed.usage.simulating).toEqual(live.usage.simulating)
    expect(replayed.history[1]?.recordedDurationMs).toBeGreaterThanOrEqual(0)
  })

  test('a changed conversation misses: category recording at stage question', async () => {
    const replaying = session('replay')
    const changed = scriptedModel(() => 'It arrives on Monday.')
    const result = await runScenario(definition(), { model: changed, recording: replaying })
    expect(result.error).toMatchObject({ category: 'recording', stage: 'question' })
  })
})

function customerOptions() {
  return { persona: customer.persona, goal: customer.goal, opening: customer.opening as string }
}

describe('toJSON / fromJSON', () => {
  test('writes the simulated user as data inside a question object, and reads it back losslessly', () => {
    const document = support().toJSON()
    expect(document.nodes[0]?.question).toEqual({
      question: {
        type: 'SimulatedUser',
        persona: 'You are Dana, a customer whose parcel is late.',
        goal: 'Get a new delivery date.',
        opening: 'Hi, my parcel has not arrived.',
        model: { model: 'sim-model', temperature: 1 },
      },
    })
    const text = JSON.stringify(document)
    const loaded = Scenario.fromJSON(text)
    expect(loaded.nodes.customer?.question).toEqual({ question: customer })
    expect(loaded.toJSON()).toEqual(document)
    expect(Scenario.fromJSON(loaded.toJSON()).toJSON()).toEqual(JSON.parse(text))
  })

  test('a definition read back routes identically', async () => {
    const userModel = model()
    const strip = (definition: ReturnType<typeof support>) => {
      // The same definition without the simulated user's own model, so the run's userModel (the
      // scripted server) plays it.
      const document = definition.toJSON()
      const question = document.nodes[0]?.question
      if (
        typeof question !== 'object' ||
        question === null ||
        typeof question.question !== 'object' ||
        question.question === null
      ) {
        throw new Error('expected a simulated user in a question object')
      }
      if (!('type' in question.question)) {
        throw new Error('expected a simulated user in a question object')
      }
      delete question.question.model
      return Scenario.fromJSON(document)
    }
    replies()
    const original = await runScenario(strip(support()), { model: agent(), userModel })
    replies()
    const reloaded = await runScenario(strip(Scenario.fromJSON(JSON.stringify(support()))), {
      model: agent(),
      userModel,
    })
    expect(reloaded.path).toEqual(original.path)
    expect(reloaded.history.map((t) => t.questionText)).toEqual(
      original.history.map((t) => t.questionText),
    )
    expect(resolvePath(reloaded.finalState, 'user.goalReached')).toBe(true)
  })

  test('a simulated user with a client or an API key cannot be written', () => {
    const definition = new Scenario('c')
      .addNode('a', {
        question: simulatedUser({ persona: 'p', goal: 'g', model: { model: 'm', apiKey: 'k' } }),
      })
      .addEdge('a', END)
      .setEntry('a')
      .validate()
    expect(() => definition.toJSON()).toThrow(
      'Cannot write the `apiKey` of nodes.a.question.question.model to JSON',
    )
  })

  describe('documents it refuses, naming where', () => {
    const withQuestion = (question: unknown): ScenarioDocument => {
      const document = support().toJSON()
      ;(document.nodes[0] as { question: unknown }).question = question
      return document
    }
    const load = (question: unknown) => () => Scenario.fromJSON(withQuestion(question))

    test('a simulated user where a question object goes', () => {
      expect(
        load({ type: 'SimulatedUser', persona: 'p', goal: 'g' }),
      ).toThrowErrorMatchingInlineSnapshot(`
        [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: a simulated user stands where a question object goes
          - at nodes.customer.question
        Write it inside a question object: "question": { "question": { "type": "SimulatedUser", … } } (as toJSON() writes it).
        Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
      `)
    })

    test('a missing goal, an unknown key, a model without a name, a blank persona', () => {
      expect(load({ question: { type: 'SimulatedUser', persona: 'p' } })).toThrow(
        ScenarioDocumentError,
      )
      expect(
        load({ question: { type: 'SimulatedUser', persona: 'p' } }),
      ).toThrowErrorMatchingInlineSnapshot(`
        [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'goal'
          - at nodes.customer.question.question
        Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
      `)
      expect(
        load({ question: { type: 'SimulatedUser', persona: 'p', goal: 'g', mood: 'x' } }),
      ).toThrowErrorMatchingInlineSnapshot(`
        [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'mood'
          - at nodes.customer.question.question
        Valid keys: 'type', 'persona', 'goal', 'instructions', 'opening', 'model'.
        Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
      `)
      expect(
        load({
          question: { type: 'SimulatedUser', persona: 'p', goal: 'g', model: { temperature: 1 } },
        }),
      ).toThrowErrorMatchingInlineSnapshot(`
        [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'model'
          - at nodes.customer.question.question.model
        Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
      `)
      expect(
        load({ question: { type: 'SimulatedUser', persona: ' ', goal: 'g' } }),
      ).toThrowErrorMatchingInlineSnapshot(`
        [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.customer.question.question: simulatedUser(options) has an invalid option
          - \`persona\`: a non-empty description of who the user is, got ' '
        Write e.g. simulatedUser({ persona: 'A customer whose parcel is late', goal: 'Learn when the parcel arrives' }).
        Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
      `)
    })
  })
})
