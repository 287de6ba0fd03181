import { splitText } from '../scripted-http/split-text.js'
import { type ResolvedResponse, type ResponsesOutputItem, responseBody } from './responses-body.js'

/** One server-sent event of a Responses stream: its `event:` name is its `type`. */
export interface ResponsesEvent {
  readonly type: string
  readonly [field: string]: unknown
}

/** The item as `response.output_item.added` announces it: in progress, nothing filled in yet. */
function openedItem(item: ResponsesOutputItem): ResponsesOutputItem {
  return item.type === 'message'
    ? { ...item, status: 'in_progress', content: [] }
    : { ...item, status: 'in_progress', arguments: '' }
}

/**
 * The events of a streamed response, in the order the API sends them: `response.created`,
 * `response.in_progress`; per output item `response.output_item.added`, then for a message per
 * content part `response.content_part.added`, the text (`response.output_text.delta` …
 * `.done`) or refusal (`response.refusal.delta` … `.done`) and `response.content_part.done`, for
 * a function call `response.function_call_arguments.delta` … `.done`, and
 * `response.output_item.done`; last `response.completed` (or `response.incomplete`) with the
 * whole response and its usage. Every event carries its `sequence_number`.
 */
export function responsesEvents(
  response: ResolvedResponse,
  requestBody: unknown,
  chunkSize: number,
): ResponsesEvent[] {
  const events: ResponsesEvent[] = []
  const snapshot = responseBody(response, requestBody, 'in_progress')
  events.push({ type: 'response.created', response: snapshot })
  events.push({ type: 'response.in_progress', response: snapshot })
  response.output.forEach((item, outputIndex) => {
    events.push({
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: openedItem(item),
    })
    const where = { item_id: item.id, output_index: outputIndex }
    if (item.type === 'function_call') {
      for (const delta of splitText(item.arguments, chunkSize)) {
        events.push({ type: 'response.function_call_arguments.delta', ...where, delta })
      }
      events.push({
        type: 'response.function_call_arguments.done',
        ...where,
        name: item.name,
        arguments: item.arguments,
      })
    } else {
      item.content.forEach((part, contentIndex) => {
        const at = { ...where, content_index: contentIndex }
        const empty = part.type === 'output_text' ? { ...part, text: '' } : { ...part, refusal: '' }
        events.push({ type: 'response.content_part.added', ...at, part: empty })
        if (part.type === 'output_text') {
          for (const delta of splitText(part.text, chunkSize)) {
            events.push({ type: 'response.output_text.delta', ...at, delta, logprobs: [] })
          }
          events.push({ type: 'response.output_text.done', ...at, text: part.text, logprobs: [] })
        } else {
          for (const delta of splitText(part.refusal, chunkSize)) {
            events.push({ type: 'response.refusal.delta', ...at, delta })
          }
          events.push({ type: 'response.refusal.done', ...at, refusal: part.refusal })
        }
        events.push({ type: 'response.content_part.done', ...at, part })
      })
    }
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item })
  })
  events.push({
    type: response.status === 'completed' ? 'response.completed' : 'response.incomplete',
    response: responseBody(response, requestBody, 'done'),
  })
  return events.map((event, sequence) => ({ ...event, sequence_number: sequence }))
}
