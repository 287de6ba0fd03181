import { describe, expect, test } from 'vitest'
import { lastTurn } from '../../src/outcomes/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { failure } from '../matchers/support.js'

// What matchers print: model answers and error bodies are untrusted text. A key in them is
// masked as [secret]; terminal escapes are written as visible escapes, never raw.
const SK_KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUv'
const ESCAPES =
  'a\u001b]0;pwned\u0007b\u001b[2Jc\u001b]8;;http://evil.test\u0007link\u001b]8;;\u0007\u0000\r\u202e'

const definition = new Scenario('printed')
  .addNode('ask', { question: 'Anything to say?' })
  .addEdge('ask', END)
  .setEntry('ask')
  .validate()

describe('a key is masked wherever a matcher prints it', () => {
  test('in an answer in the transcript, also when the text is clipped', async () => {
    const result = await runScenario(definition, {
      model: scriptedModel([`The key ${SK_KEY} is yours.`]),
    })
    const { message } = failure(() => expect(result).toHaveStatus('error'))
    expect(message).not.toContain('sk-proj-AbC')
    expect(message).toContain('[secret]')
  })

  test('in an error message that echoes it (an agent or a server error body)', async () => {
    const result = await runScenario(definition, {
      model: scriptedModel([new Error(`401 Incorrect API key provided: ${SK_KEY}`)]),
    })
    const { message } = failure(() => expect(result).toHaveStatus('completed'))
    expect(message).not.toContain('sk-proj-AbC')
    expect(message).toContain('(agent)')
  })

  test('in the compared values of a diff', async () => {
    const result = await runScenario(definition, { model: scriptedModel([`key ${SK_KEY}`]) })
    const seen = failure(() =>
      expect(result).toHaveTurnCheck(lastTurn({ rawResponse: 'something else' })),
    )
    expect(`${seen.message}\n${seen.diff}`).not.toContain('sk-proj-AbC')
  })
})

describe('control characters are never printed raw', () => {
  test('an answer with OSC, CSI, OSC-8, NUL, CR and a bidi override', async () => {
    const result = await runScenario(definition, { model: scriptedModel([ESCAPES]) })
    const { message, diff } = failure(() => expect(result).toHaveTurnCount(3))
    for (const raw of ['\u001b]', '\u001b[2J', '\u0007', '\u0000', '\r', '\u202e']) {
      expect(`${message}\n${diff}`.includes(raw), `${JSON.stringify(raw)} printed raw`).toBe(false)
    }
    expect(message).toContain('a\\x1b]0;pwned\\x07b')
  })

  test('an error message with escapes', async () => {
    const result = await runScenario(definition, { model: scriptedModel([new Error(ESCAPES)]) })
    const { message } = failure(() => expect(result).toHaveStatus('completed'))
    expect(message.includes('\u001b]0;')).toBe(false)
    expect(message).toContain('\\x1b]0;pwned')
  })
})
