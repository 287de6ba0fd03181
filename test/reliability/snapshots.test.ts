import { describe, expect, test } from 'vitest'
import { SnapshotSecretError } from '../../src/errors/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { withSecretSettings } from '../../src/secrets/current-settings.js'
import { conversationSerializer } from '../../src/snapshot/index.js'

// Conversation snapshots are committed like recordings: the same redact hook, the same scan.
const SK_KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUv'

const definition = new Scenario('leaky')
  .addNode('ask', { question: 'What is your key?' })
  .addEdge('ask', END)
  .setEntry('ask')
  .validate()

const answering = (answer: string) => runScenario(definition, { model: scriptedModel([answer]) })

function refusal(value: unknown): SnapshotSecretError {
  try {
    conversationSerializer.serialize(value)
  } catch (error) {
    return error as SnapshotSecretError
  }
  throw new Error('the snapshot was not refused')
}

describe('a secret in a result refuses its snapshot', () => {
  test('naming the path and the rule, never the value', async () => {
    const error = refusal(await answering(`It is ${SK_KEY}.`))
    expect(error).toBeInstanceOf(SnapshotSecretError)
    expect(error.code).toBe('snapshot_secret')
    expect(error.jsonPath).toBe('history.0.rawResponse')
    expect(error.pattern).toBe('sk- key')
    expect(error.message).toMatch(/^\[vitest-scenario\] Conversation snapshot not written/)
    expect(error.message).not.toContain(SK_KEY)
  })

  test('in a sample of a result set too', async () => {
    const { resultSet } = await import('../../src/samples/index.js')
    const set = resultSet([await answering('fine'), await answering(`Bearer ${'x'.repeat(24)}`)])
    expect(refusal(set).jsonPath).toBe('results.1.history.0.rawResponse')
  })

  test('in a tool call argument or an error message', async () => {
    const result = await answering('fine')
    const turn = result.history[0]
    if (turn === undefined) throw new Error('no turn')
    turn.toolCalls = [{ id: 'call_1', name: 'lookup', arguments: { token: SK_KEY }, result: 'ok' }]
    expect(refusal(result).jsonPath).toBe('history.0.toolCalls.0.arguments.token')
  })
})

describe('the redact hook of the running test applies to snapshots', () => {
  test('what the hook replaces is written replaced', async () => {
    const result = await answering(`It is ${SK_KEY}.`)
    const text = withSecretSettings(
      () => ({ redact: (value) => value.replaceAll(SK_KEY, '<openai-key>') }),
      () => conversationSerializer.serialize(result),
    )
    expect(text).toContain('assistant: It is <openai-key>.')
  })

  test('allowSecrets lists a snapshot path that may keep a secret-shaped value', async () => {
    const result = await answering(`It is ${SK_KEY}.`)
    const text = withSecretSettings(
      () => ({ allowSecrets: ['snapshot.history.*.rawResponse'] }),
      () => conversationSerializer.serialize(result),
    )
    expect(text).toContain(SK_KEY)
  })
})

test('control characters in answers are written as visible escapes', async () => {
  const text = conversationSerializer.serialize(
    await answering('a\u001b]0;pwned\u0007b\u0000c\u202ed'),
  )
  expect(text).toContain('assistant: a\\x1b]0;pwned\\x07b\\x00c\\u202ed')
  for (const raw of ['\u0000', '\u0007', '\u001b', '\u202e']) expect(text).not.toContain(raw)
})
