import { describe, expect, test } from 'vitest'
import {
  type AgentFunction,
  END,
  InvalidArgumentError,
  isSimulatedUser,
  resolvePath,
  runScenario,
  Scenario,
  scriptedModel,
  simulatedUser,
} from '../../src/core.js'
import { simulatorMessages } from '../../src/simulated-user/prompt.js'
import { useScriptedServer } from '../models/server-fixture.js'

const { server, model } = useScriptedServer()
const bodies = () => server().requests.map((r) => r.body as Record<string, unknown>)

const customer = simulatedUser({
  persona: 'You are Dana, a customer whose parcel is a week late. You are polite but short.',
  goal: 'Get a new delivery date for order 1042.',
  instructions: 'Give the order number only when asked for it.',
  opening: 'Hi, my parcel has not arrived.',
})

/** The simulated user talks until its goal is reached, at most `visits` times (then the fallback ends it). */
const support = (user = customer, visits = 4) =>
  new Scenario('late parcel')
    .addNode('customer', { question: user })
    .addEdge('customer', END, { when: { 'user.goalReached': true } })
    .addEdge('customer', 'customer', { when: { 'nodeVisits.customer': { lt: visits } } })
    .addEdge('customer', END)
    .setEntry('customer')
    .validate()

const says = (
  message: string,
  goalReached = false,
  usage = { promptTokens: 10, completionTokens: 5 },
) => ({
  json: { message, goalReached },
  usage,
})

describe('simulatedUser() in a run', () => {
  test('opens with its fixed message, then writes each question from the role-swapped conversation until its goal is reached', async () => {
    server().reply(says('It is order 1042.'), says('Thanks, that is all.', true))
    const agent = scriptedModel([
      'Sorry to hear that! What is your order number?',
      'Order 1042 arrives on Friday.',
      'You are welcome.',
    ])
    const result = await runScenario(support(), { model: agent, userModel: model() })

    expect(result.status).toBe('completed')
    expect(result.stopReason).toBe('end')
    expect(result.history.map((t) => t.questionText)).toEqual([
      'Hi, my parcel has not arrived.',
      'It is order 1042.',
      'Thanks, that is all.',
    ])
    expect(result.history.map((t) => t.user)).toEqual([
      { goalReached: false },
      { goalReached: false },
      { goalReached: true },
    ])
    expect(result.finalState.user).toEqual({ goalReached: true })
    expect(result.finalState.nodeResults.customer?.user).toEqual({ goalReached: true })
    expect(resolvePath(result.finalState, 'user.goalReached')).toBe(true)

    // The opening costs no call; each later turn one.
    expect(bodies()).toHaveLength(2)
    const [first, second] = bodies()
    expect(first?.model).toBe('test-model')
    expect(first?.messages).toEqual([
      { role: 'system', content: expect.any(String) },
      { role: 'assistant', content: 'Hi, my parcel has not arrived.' },
      { role: 'user', content: 'Sorry to hear that! What is your order number?' },
    ])
    expect(second?.messages).toEqual([
      { role: 'system', content: expect.any(String) },
      { role: 'assistant', content: 'Hi, my parcel has not arrived.' },
      { role: 'user', content: 'Sorry to hear that! What is your order number?' },
      { role: 'assistant', content: 'It is order 1042.' },
      { role: 'user', content: 'Order 1042 arrives on Friday.' },
    ])
    expect(first?.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'simulated_user',
        strict: true,
        schema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { message: { type: 'string' }, goalReached: { type: 'boolean' } },
          required: ['message', 'goalReached'],
          additionalProperties: false,
        },
      },
    })

    // The agent never sees the simulator's prompt: only the questions and its own answers.
    expect(agent.calls[1]?.[0]).toEqual([
      { role: 'user', content: 'Hi, my parcel has not arrived.' },
      { role: 'assistant', content: 'Sorry to hear that! What is your order number?' },
      { role: 'user', content: 'It is order 1042.' },
    ])

    // The simulator's tokens are counted apart, in the turn and in the total.
    expect(result.history[0]?.usage.simulating).toEqual({
      input: 0,
      output: 0,
      cached: 0,
      cacheWrite: 0,
    })
    // The simulated user's side names its own model (the response's), apart from the answering one.
    expect(result.history[1]?.usage.simulating).toEqual({
      input: 10,
      output: 5,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
    expect(result.usage.simulating).toEqual({
      input: 20,
      output: 10,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
    expect(result.usage).toMatchObject({ input: 20, output: 10 })
  })

  test('the system prompt is built from persona, goal and instructions', () => {
    const [system] = simulatorMessages(customer, [])
    expect(system?.content).toMatchInlineSnapshot(`
      "You are role-playing a person who is chatting with an AI assistant. You are the user in this conversation, never the assistant.

      Who you are:
      You are Dana, a customer whose parcel is a week late. You are polite but short.

      Your goal in this conversation:
      Get a new delivery date for order 1042.

      How you behave:
      Give the order number only when asked for it.

      Rules:
      - Stay in character as this person for the whole conversation. Never say or hint that you are an AI, a language model, a simulation or a test, and never mention these instructions.
      - Write only your next message to the assistant: one message, in the first person, the way this person would type it in a chat. No role labels, no quotation marks around it, no descriptions of actions.
      - Work towards your goal. Share what the assistant asks for when this person would know it; do not volunteer everything at once, and do not make up facts that contradict who you are.
      - Do not do the assistant’s work: do not answer your own questions or pretend the assistant said something it did not.
      - In the messages that follow, the roles are swapped: the assistant’s messages appear as "user" messages and your own earlier messages as "assistant" messages.
      - Set goalReached to true only when the assistant’s messages so far have actually achieved your goal (it did what you wanted, or told you what you needed). A promise to do it, partial progress, or something you said yourself does not count. When it is true, make your message a short, natural close to the conversation.
      - Answer with JSON only: {"message": <your next message>, "goalReached": <true or false>}."
    `)
    const bare = simulatorMessages(simulatedUser({ persona: 'p', goal: 'g' }), [])
    expect(bare[0]?.content).not.toContain('How you behave')
  })

  test('with no opening the first turn is a call over an empty conversation, asked for a first message', async () => {
    server().reply(says('Where is my parcel?', true))
    const user = simulatedUser({ persona: 'p', goal: 'g' })
    const result = await runScenario(support(user), {
      model: scriptedModel(['Here.']),
      userModel: model(),
    })
    expect(result.history[0]?.questionText).toBe('Where is my parcel?')
    expect(bodies()[0]?.messages).toEqual([
      { role: 'system', content: expect.any(String) },
      {
        role: 'user',
        content: 'The conversation has not started yet. Write your first message to the assistant.',
      },
    ])
  })

  test('tool calls, tool results, system messages and empty assistant messages are left out of what it sees', () => {
    const messages = simulatorMessages(customer, [
      { role: 'system', content: 'the agent’s prompt' },
      { role: 'user', content: 'Where is order 1042?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'track', arguments: '{"order":1042}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"eta":"Friday"}' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'It arrives on Friday.' },
    ])
    expect(messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Where is order 1042?' },
      { role: 'user', content: 'It arrives on Friday.' },
    ])
  })

  test('an agent’s tool messages in a turn do not reach the simulator', async () => {
    server().reply(says('Thanks.', true))
    const agent: AgentFunction = () => ({
      content: 'It arrives on Friday.',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'track', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"eta":"Friday"}' },
      ],
    })
    await runScenario(support(), { model: agent, userModel: model() })
    expect(bodies()[0]?.messages).toEqual([
      { role: 'system', content: expect.any(String) },
      { role: 'assistant', content: 'Hi, my parcel has not arrived.' },
      { role: 'user', content: 'It arrives on Friday.' },
    ])
  })

  test('the visit cap ends a conversation whose goal is never reached', async () => {
    server().setDefaultReply(says('Still waiting.'))
    const result = await runScenario(support(customer, 3), {
      model: scriptedModel(() => 'Please wait.'),
      userModel: model(),
    })
    expect(result.turnCount).toBe(3)
    expect(result.history.map((t) => t.route?.reason)).toEqual([
      'condition',
      'condition',
      'fallback',
    ])
    expect(result.finalState.user).toEqual({ goalReached: false })
  })

  test('a question object may hold the simulated user, with a template judging the agent', async () => {
    server().reply(says('Thanks.', true))
    const definition = new Scenario('q')
      .addNode('customer', {
        question: { question: customer, rubric: { traits: [] } },
      })
      .addEdge('customer', END)
      .setEntry('customer')
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['Hello']),
      userModel: model(),
    })
    expect(result.history[0]).toMatchObject({
      questionText: customer.opening,
      user: { goalReached: false },
    })
    expect(result.finalState.nodeResults.customer?.user).toEqual({ goalReached: false })
  })

  test('a turn of another node keeps the latest simulated turn in state.user; its own node result has none', async () => {
    const definition = new Scenario('mixed')
      .addNode('customer', { question: customer })
      .addNode('survey', { question: 'Rate us from 1 to 5.' })
      .addEdge('customer', 'survey')
      .addEdge('survey', END)
      .setEntry('customer')
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['a', 'b']),
      userModel: model(),
    })
    expect(result.history[1]?.user).toBeUndefined()
    expect(result.finalState.user).toEqual({ goalReached: false })
    expect(result.finalState.nodeResults.survey?.user).toBeUndefined()
  })
})

describe('which model plays the user', () => {
  const named = (name: string) => ({ ...model(), model: name })
  const open = simulatedUser({ persona: 'p', goal: 'g' })

  test('its own model, else the run’s userModel, else the parsing model', async () => {
    server().setDefaultReply(says('hi', true))
    const agent = () => scriptedModel(() => 'ok')
    await runScenario(support(simulatedUser({ persona: 'p', goal: 'g', model: named('own') })), {
      model: agent(),
      userModel: named('user'),
      parsingModel: named('parsing'),
    })
    await runScenario(support(open), {
      model: agent(),
      userModel: named('user'),
      parsingModel: named('parsing'),
    })
    await runScenario(support(open), { model: agent(), parsingModel: named('parsing') })
    expect(bodies().map((b) => b.model)).toEqual(['own', 'user', 'parsing'])
  })

  test('a node’s parsing override counts as the parsing model', async () => {
    server().setDefaultReply(says('hi', true))
    const definition = new Scenario('override')
      .addNode('customer', { question: open, modelOverride: { parsing: named('node-judge') } })
      .addEdge('customer', END)
      .setEntry('customer')
      .validate()
    await runScenario(definition, { model: scriptedModel(['ok']) })
    expect(bodies()[0]?.model).toBe('node-judge')
  })

  test('none of them: a programmer error when the run starts, naming the node', async () => {
    const run = runScenario(support(open), { model: scriptedModel(['ok']) })
    await expect(run).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(run).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The scenario has a simulated user with no model to play it, and runScenario() was given none
        - node 'customer': its simulated user has no \`model\`
      Pass \`userModel: { model }\` (or \`parsingModel\`) to runScenario(), or give simulatedUser({ model }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(server().requests).toHaveLength(0)
  })

  test('the simulator’s tokens are priced with its model; an unpriced simulator leaves no cost', async () => {
    server().setDefaultReply(says('hi', true, { promptTokens: 1_000_000, completionTokens: 0 }))
    const user = simulatedUser({ persona: 'p', goal: 'g', model: named('sim') })
    const priced = await runScenario(support(user), {
      model: scriptedModel(['ok']),
      prices: { sim: { input: 2, output: 4 } },
    })
    expect(priced.usage.cost).toBe(2)
    const unpriced = await runScenario(support(user), {
      model: scriptedModel(['ok']),
      prices: { other: { input: 2, output: 4 } },
    })
    expect(unpriced.usage.cost).toBeUndefined()
  })
})

describe('a simulated turn that fails', () => {
  const open = simulatedUser({ persona: 'p', goal: 'g' })
  const run = () => {
    const agent = scriptedModel(['never'])
    return { agent, result: runScenario(support(open), { model: agent, userModel: model() }) }
  }

  test('a failed call ends the turn at stage question with the call’s category; the agent is not called', async () => {
    server().reply({ status: 500, shouldRetry: false })
    const { agent, result } = run()
    const done = await result
    expect(done.status).toBe('error')
    expect(done.stopReason).toBe('error')
    expect(done.error).toMatchObject({
      nodeId: 'customer',
      category: 'server_error',
      stage: 'question',
    })
    expect(done.history[0]?.error).toMatchObject({ category: 'server_error', stage: 'question' })
    expect(done.history[0]?.user).toBeUndefined()
    expect(done.finalState.user).toBeUndefined()
    expect(agent.callCount).toBe(0)
  })

  test('a rate limit beyond retries is rate_limit', async () => {
    server().reply({ status: 429, shouldRetry: false })
    const done = await run().result
    expect(done.error).toMatchObject({ category: 'rate_limit', stage: 'question' })
  })

  test('output that is not JSON is a parsing error at stage question; its tokens still count', async () => {
    server().reply({
      content: 'Sure! Here is my message',
      usage: { promptTokens: 7, completionTokens: 3 },
    })
    const done = await run().result
    expect(done.error).toMatchObject({ category: 'parsing', stage: 'question' })
    expect(done.error?.message).toBe(
      'The simulated user\'s model did not return JSON: "Sure! Here is my message"',
    )
    expect(done.usage.simulating).toEqual({
      input: 7,
      output: 3,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
  })

  test('JSON that does not fit { message, goalReached } is a parsing error carrying zod’s issues', async () => {
    server().reply({ json: { message: 42 } })
    const done = await run().result
    expect(done.error).toMatchObject({ category: 'parsing', stage: 'question' })
    expect(done.history[0]?.error?.issues?.map((i) => i.path)).toEqual([
      ['message'],
      ['goalReached'],
    ])
    expect(done.turnResults[0]?.issues).toHaveLength(2)
    expect(done.error?.message).toContain(
      "The simulated user's reply does not fit { message, goalReached }: message:",
    )
  })

  test('an empty message is a parsing error', async () => {
    server().reply(says('   ', true))
    const done = await run().result
    expect(done.error).toMatchObject({ category: 'parsing', stage: 'question' })
    expect(done.history[0]?.error?.issues).toEqual([
      { code: 'too_small', path: ['message'], message: 'the message is empty' },
    ])
  })

  test('an abort while the simulator is called ends the run aborted', async () => {
    const controller = new AbortController()
    server().reply({ hang: true })
    const pending = runScenario(support(open), {
      model: scriptedModel(['never']),
      userModel: model(),
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(new Error('stop')), 50)
    const done = await pending
    expect(done.status).toBe('error')
    expect(done.stopReason).toBe('aborted')
    expect(done.error).toMatchObject({ category: 'aborted', stage: 'question' })
  })
})

describe('simulatedUser(options)', () => {
  test('returns frozen, tagged data; optional fields only when given', () => {
    const user = simulatedUser({ persona: 'p', goal: 'g' })
    expect(user).toEqual({ type: 'SimulatedUser', persona: 'p', goal: 'g' })
    expect(Object.isFrozen(user)).toBe(true)
    expect(isSimulatedUser(user)).toBe(true)
    expect(isSimulatedUser({ type: 'TurnCheck' })).toBe(false)
    expect(isSimulatedUser(null)).toBe(false)
  })

  test('lists every problem in one error', () => {
    expect(() =>
      simulatedUser({ persona: '  ', goal: 3, mood: 'x', model: { temperature: 9 } } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] simulatedUser(options) has 5 invalid options
        - \`persona\`: a non-empty description of who the user is, got '  '
        - \`goal\`: a non-empty description of what the user wants from the conversation, got 3
        - \`model.model\`: the model name the endpoint serves, e.g. "gpt-4.1-mini", got undefined
        - \`model.temperature\`: a number from 0 to 2, got 9
        - unknown key 'mood' in options; valid keys: 'persona', 'goal', 'instructions', 'opening', 'model'
      Write e.g. simulatedUser({ persona: 'A customer whose parcel is late', goal: 'Learn when the parcel arrives' }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('needs an options object', () => {
    expect(() => simulatedUser(undefined as never)).toThrow(InvalidArgumentError)
  })

  test('addNode checks a tagged object made by hand', () => {
    const scenario = new Scenario('s')
    expect(() =>
      scenario.addNode('a', { question: { type: 'SimulatedUser', persona: 'p' } as never }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The simulated user in addNode('a') has an invalid option
        - \`goal\`: a non-empty description of what the user wants from the conversation, got undefined
      Write e.g. simulatedUser({ persona: 'A customer whose parcel is late', goal: 'Learn when the parcel arrives' }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      scenario.addNode('b', {
        question: { question: { type: 'SimulatedUser', goal: 'g' } as never },
      }),
    ).toThrow('`persona`')
  })

  test('a definition keeps it inside a question object', () => {
    const definition = support()
    expect(definition.nodes.customer?.question).toEqual({ question: customer })
  })
})
