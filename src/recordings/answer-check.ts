// Whether a live 2xx exchange holds an answer worth recording, for the protocols the library
// knows. Run on the record path only (never on replay), on the response as it will be stored:
// the parsed JSON body, or the events of a stream, assembled.
import type { RecordedRequest } from './normalize-request.js'
import type { RecordedResponse } from './recorded-response.js'
import type { RecordedEvent } from './sse.js'

/** Why an exchange holds no usable answer: where (interaction-relative JSON path) and what. */
export interface AnswerProblem {
  /** A dot path in the interaction, e.g. `response.body.choices` or `response.stream`. */
  path: string
  /** What is wrong, in words. */
  problem: string
}

/** The model APIs whose answers are checked; any other API gets the checks every JSON API gets. */
type Protocol = 'chat' | 'responses' | 'anthropic' | undefined

type Fields = Record<string, unknown>

/**
 * What makes a 2xx exchange no usable answer, or `undefined` when it is one (or is no 2xx: error
 * statuses are recorded as they are). Any API: a body that is not JSON (a proxy's HTML page, JSON
 * cut short or sent as text) or an `{ "error": … }` body. By protocol, told by the request's path
 * (`/chat/completions`, `/responses`, Anthropic's `/messages`) or the answer's shape: Chat
 * Completions without choices, or whose first message has neither content nor tool calls; a
 * Responses answer whose `output` holds no message text, function call or tool item; an Anthropic
 * message without content blocks. A stream is assembled first: it is an answer when its events
 * carry content or tool calls, output items or content blocks, and no error event.
 */
export function answerProblem(
  request: RecordedRequest,
  response: RecordedResponse,
): AnswerProblem | undefined {
  const { status } = response
  if (status < 200 || status > 299) return undefined
  if (response.stream !== undefined) {
    return streamProblem(protocolOf(request, response), response.stream)
  }
  if (response.text !== undefined) {
    // No content is a complete answer where an API sends it (never a model's answer).
    if ((status === 204 || status === 205) && response.text === '') return undefined
    const type = response.headers['content-type'] ?? 'none'
    return at(
      'response.text',
      `the body is not JSON (content-type: ${type}): ${snippet(response.text)}`,
    )
  }
  const body = fields(response.body)
  if (body.error !== undefined && body.error !== null) {
    return at('response.body.error', 'the body is an error, sent with a 2xx status')
  }
  switch (protocolOf(request, response)) {
    case 'chat':
      return chatProblem(body)
    case 'responses':
      return responsesProblem(body)
    case 'anthropic':
      return anthropicProblem(body)
    default:
      return undefined
  }
}

/** The protocol of an exchange: by the request's path, else by the answer's shape. */
function protocolOf(request: RecordedRequest, response: RecordedResponse): Protocol {
  const { path } = request
  if (path.endsWith('/chat/completions')) return 'chat'
  if (path.endsWith('/responses')) return 'responses'
  // Other APIs have `/messages` paths too (threads, mail): Anthropic's request has a `messages` list.
  if (path.endsWith('/messages') && Array.isArray(fields(request.body).messages)) return 'anthropic'
  const first = response.stream?.find((e) => typeof e.data === 'object' && e.data !== null)
  const body = fields(first === undefined ? response.body : first.data)
  if (body.object === 'chat.completion' || body.object === 'chat.completion.chunk') return 'chat'
  if (
    body.object === 'response' ||
    (typeof body.type === 'string' && body.type.startsWith('response.'))
  ) {
    return 'responses'
  }
  if ((body.type === 'message' && body.role === 'assistant') || body.type === 'message_start') {
    return 'anthropic'
  }
  return undefined
}

function chatProblem(body: Fields): AnswerProblem | undefined {
  const { choices } = body
  if (!Array.isArray(choices)) return at('response.body.choices', 'the body has no `choices` list')
  if (choices.length === 0) return at('response.body.choices', 'the `choices` list is empty')
  const message = fields(fields(choices[0]).message)
  if (hasToolCalls(message) || hasChatContent(message)) return undefined
  return at(
    'response.body.choices.0.message.content',
    `the first choice's message has ${message.content === null ? '`content: null`' : 'no `content`'} and no tool calls`,
  )
}

function responsesProblem(body: Fields): AnswerProblem | undefined {
  const { output } = body
  if (!Array.isArray(output)) return at('response.body.output', 'the body has no `output` list')
  if (output.some((item) => answerItem(fields(item), true))) return undefined
  return at(
    'response.body.output',
    output.length === 0
      ? 'the `output` list is empty'
      : 'the `output` list holds no message text, function call or tool item',
  )
}

function anthropicProblem(body: Fields): AnswerProblem | undefined {
  const { content } = body
  if (!Array.isArray(content)) return at('response.body.content', 'the body has no `content` list')
  if (content.some((block) => answerBlock(fields(block)))) return undefined
  return at(
    'response.body.content',
    content.length === 0
      ? 'the `content` list is empty'
      : 'the `content` list holds only thinking blocks',
  )
}

/** A stream, assembled: an error event, or no content at all, is no answer. */
function streamProblem(
  protocol: Protocol,
  events: readonly RecordedEvent[],
): AnswerProblem | undefined {
  if (protocol === undefined) return undefined
  let answered = false
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as RecordedEvent
    const data = fields(event.data)
    if (event.event === 'error' || data.type === 'error' || data.type === 'response.failed') {
      return at(`response.stream.${i}`, 'the stream carries an error event')
    }
    if (data.error !== undefined && data.error !== null) {
      return at(`response.stream.${i}.data.error`, 'the stream carries an error')
    }
    answered ||= eventAnswers(protocol, data)
  }
  if (answered) return undefined
  const what =
    protocol === 'chat'
      ? 'no content and no tool calls'
      : protocol === 'responses'
        ? 'no output text, function call or tool item'
        : 'no content block'
  return at('response.stream', `the stream's ${events.length} events carry ${what}`)
}

/** Whether one event of a stream carries a part of an answer. */
function eventAnswers(protocol: Protocol, data: Fields): boolean {
  if (protocol === 'chat') {
    const { choices } = data
    return (
      Array.isArray(choices) &&
      choices.some((choice) => {
        const delta = fields(fields(choice).delta)
        return hasToolCalls(delta) || hasChatContent(delta)
      })
    )
  }
  if (protocol === 'responses') {
    switch (data.type) {
      case 'response.output_text.delta':
      case 'response.function_call_arguments.delta':
        // Text, or a function call's arguments, streamed in pieces (a compatible server may send
        // only the deltas, no item events).
        return typeof data.delta === 'string'
      case 'response.output_item.done':
        return answerItem(fields(data.item), true)
      case 'response.output_item.added':
        // A message item is added empty and filled by deltas; other items are whole here.
        return answerItem(fields(data.item), false)
      case 'response.completed':
      case 'response.incomplete': {
        const output = fields(data.response).output
        return Array.isArray(output) && output.some((item) => answerItem(fields(item), true))
      }
      default:
        return false
    }
  }
  return data.type === 'content_block_start' && answerBlock(fields(data.content_block))
}

/**
 * A Responses output item that answers: a message with text (or a refusal, the model's answer
 * too), a function call, a built-in tool's item; never reasoning alone.
 */
function answerItem(item: Fields, messages: boolean): boolean {
  if (typeof item.type !== 'string' || item.type === 'reasoning') return false
  if (item.type !== 'message') return true
  return (
    messages &&
    Array.isArray(item.content) &&
    item.content.some((part) => {
      const p = fields(part)
      return (p.type === 'output_text' && typeof p.text === 'string') || p.type === 'refusal'
    })
  )
}

/** An Anthropic content block that answers: text, a tool use, …; never thinking alone. */
function answerBlock(block: Fields): boolean {
  return (
    typeof block.type === 'string' &&
    block.type !== 'thinking' &&
    block.type !== 'redacted_thinking'
  )
}

/** A Chat Completions message or delta with tool calls (or the legacy `function_call`). */
function hasToolCalls(message: Fields): boolean {
  const calls = message.tool_calls
  return (
    (Array.isArray(calls) && calls.length > 0) || fields(message.function_call).name !== undefined
  )
}

/**
 * A Chat Completions message or delta with content: text (an empty string is an answer too), a
 * list of content parts (some providers send them), or a refusal (the model's answer).
 */
function hasChatContent(message: Fields): boolean {
  const { content, refusal } = message
  return (
    typeof content === 'string' ||
    (Array.isArray(content) && content.length > 0) ||
    (typeof refusal === 'string' && refusal !== '')
  )
}

function fields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : {}
}

function at(path: string, problem: string): AnswerProblem {
  return { path, problem }
}

/** The start of a body, on one line: enough to recognise a login page. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat === '') return '(empty)'
  return JSON.stringify(flat.length <= 80 ? flat : `${flat.slice(0, 79)}…`)
}
