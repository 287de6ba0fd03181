import { createHash } from 'node:crypto'
import type {
  ChatReply,
  ErrorReply,
  ReceivedRequest,
  ScriptedReply,
} from '../support/openai-server/types.js'

// The two models of test/projects/compare, scripted per model and per case (each question starts
// with a tag): the baseline's server answers 'base-model' and the judge ('judge-model'), the
// candidate's answers 'next-model'. None of these answers comes from a real model.

interface Message {
  role: string
  content: string | null
}

interface RequestBody {
  model: string
  messages: Message[]
  response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } }
}

/** What each model answers per tag; the flaky case is the candidate's alone (below). */
const ANSWERS: Record<string, { base: string; next: string }> = {
  FIXED: { base: 'Navitoclax.', next: 'Venetoclax.' },
  JUDGE: {
    base: 'BCL-2 keeps cells alive; venetoclax inhibits it.',
    next: 'BCL-2 is a protein that keeps cells alive.',
  },
  ROUTE: { base: 'Venetoclax.', next: 'Navitoclax.' },
  'ROUTE-CONFIRM': { base: 'Venetoclax, once more.', next: 'Venetoclax, once more.' },
  'ROUTE-CORRECT': { base: 'Agreed: venetoclax.', next: 'Agreed: venetoclax.' },
  FLAKY: { base: 'Venetoclax.', next: 'Venetoclax.' },
  OUTAGE: { base: 'Venetoclax.', next: 'Venetoclax.' },
  STEADY: { base: 'Venetoclax.', next: 'Venetoclax.' },
  STUBBORN: { base: 'Navitoclax.', next: 'Navitoclax.' },
}

/** The candidate's flaky answers, in the order its five samples ask: two of five wrong. */
const FLAKY_NEXT = ['Venetoclax.', 'Navitoclax.', 'Venetoclax.', 'Navitoclax.', 'Venetoclax.']

function tagOf(body: RequestBody): string {
  const question = body.messages.findLast((m) => m.role === 'user')?.content ?? ''
  return /^([A-Z-]+):/.exec(question)?.[1] ?? ''
}

/** The judge: met when the judged conversation names venetoclax, else unmet, per criterion. */
function judge(body: RequestBody): ChatReply {
  const prompt = body.messages.map((m) => m.content ?? '').join('\n')
  const met = /venetoclax/i.test(prompt)
  const fields = Object.keys(body.response_format?.json_schema?.schema?.properties ?? {})
  const verdict = met
    ? { reasoning: 'The answer names venetoclax, a BCL-2 inhibitor.', verdict: 'met' }
    : { reasoning: 'The answer names no drug.', verdict: 'unmet' }
  return { json: Object.fromEntries(fields.map((field) => [field, verdict])) }
}

/** A 400 naming a request no rule covers, so a new question fails with what to add here. */
function unknown(what: string): ErrorReply {
  return { status: 400, message: `compare-models: ${what}` }
}

/** Fixed ids and usage, so recording again gives the same files. */
function stable(body: RequestBody, reply: ChatReply): ScriptedReply {
  const id = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16)
  return {
    ...reply,
    id: `chatcmpl-compare-${id}`,
    headers: { 'x-request-id': `req_compare_${id}` },
    usage: { promptTokens: 10, completionTokens: 5 },
  }
}

/** The baseline's server: 'base-model' answers and the judge. */
export function baselineModels(request: ReceivedRequest): ScriptedReply {
  const body = request.body as RequestBody
  const system = body.messages[0]?.role === 'system' ? (body.messages[0].content ?? '') : ''
  if (body.model === 'judge-model' && system.startsWith('You judge a conversation')) {
    return stable(body, judge(body))
  }
  if (body.model !== 'base-model') return unknown(`the baseline server got model ${body.model}`)
  const answer = ANSWERS[tagOf(body)]
  return answer === undefined
    ? unknown(`no answer for ${tagOf(body)}`)
    : stable(body, { content: answer.base })
}

/** The candidate's server: 'next-model' answers, a 503 for the outage, flaky answers in turn. */
export function candidateModels(): (request: ReceivedRequest) => ScriptedReply {
  let flaky = 0
  return (request) => {
    const body = request.body as RequestBody
    if (body.model !== 'next-model') return unknown(`the candidate server got model ${body.model}`)
    const tag = tagOf(body)
    if (tag === 'OUTAGE') return { status: 503, message: 'The candidate model is overloaded.' }
    if (tag === 'FLAKY') {
      const content = FLAKY_NEXT[flaky % FLAKY_NEXT.length] ?? 'Venetoclax.'
      flaky += 1
      return stable(body, { content })
    }
    const answer = ANSWERS[tag]
    return answer === undefined
      ? unknown(`no answer for ${tag}`)
      : stable(body, { content: answer.next })
  }
}
