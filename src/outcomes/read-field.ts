import { lookupNested } from '../state/lookup-nested.js'
import type { ScenarioExecutionResult, TurnRecord } from '../state/types.js'
import type { ResultField } from './types.js'

/** The result fields a check may read, and their snake_case aliases (karenina's spellings). */
export const RESULT_FIELDS: readonly ResultField[] = [
  'status',
  'turnCount',
  'path',
  'scenarioId',
  'turn_count',
  'scenario_id',
]

/** Whether `field` is one of the result fields a `ResultCheck` can read. */
export function isResultField(field: unknown): field is ResultField {
  return (RESULT_FIELDS as readonly unknown[]).includes(field)
}

/**
 * Reads a turn field: `nodeId`, `verifyResult`, `rawResponse`,
 * `questionText` (and their snake_case aliases), `parsed[.<f>…]` from `parsedFields`,
 * `rubric[.<trait>]`, `toolCalls[.<i>.<f>…]` and `toolNames[.<i>]`, all looked up like dot paths,
 * `agent` (the answering agent's name, when the answering side names it), `agents[.<i>]` (the
 * chain of agents that handled the turn) and `guardrail[.name|.kind|.info…]` (the guardrail that
 * tripped, `null` when none did).
 * Anything else is `undefined`.
 */
export function readTurnField(turn: TurnRecord, field: string): unknown {
  switch (field) {
    case 'nodeId':
    case 'node_id':
      return turn.nodeId
    case 'verifyResult':
    case 'verify_result':
      return turn.verifyResult
    case 'rawResponse':
    case 'raw_response':
      return turn.rawResponse
    case 'questionText':
    case 'question_text':
      return turn.questionText
    case 'parsed':
      return turn.parsedFields
    case 'rubric':
      return turn.rubric
    case 'toolCalls':
      return turn.toolCalls
    case 'toolNames':
      return turn.toolNames
    case 'agent':
      return turn.agent
    case 'agents':
      return turn.agents ?? []
    case 'guardrail':
      return turn.guardrail ?? null
  }
  if (field.startsWith('parsed.')) return lookupNested(turn.parsedFields, field.slice(7))
  if (field.startsWith('rubric.')) return lookupNested(turn.rubric, field.slice(7))
  if (field.startsWith('toolCalls.')) return lookupNested(turn.toolCalls, field.slice(10))
  if (field.startsWith('toolNames.')) return lookupNested(turn.toolNames, field.slice(10))
  if (field.startsWith('agents.')) return lookupNested(turn.agents ?? [], field.slice(7))
  if (field.startsWith('guardrail.')) return lookupNested(turn.guardrail ?? null, field.slice(10))
  return undefined
}

/** Whether `field` names a turn field at all, so a diagnostic can tell a typo from a missing value. */
export function isKnownTurnField(field: string): boolean {
  return (
    field === 'parsed' ||
    field === 'rubric' ||
    field.startsWith('parsed.') ||
    field.startsWith('rubric.') ||
    field.startsWith('toolCalls.') ||
    field.startsWith('toolNames.') ||
    field.startsWith('agents.') ||
    field.startsWith('guardrail.') ||
    TURN_SCALAR_FIELDS.has(field)
  )
}

const TURN_SCALAR_FIELDS: ReadonlySet<string> = new Set([
  'nodeId',
  'node_id',
  'verifyResult',
  'verify_result',
  'rawResponse',
  'raw_response',
  'questionText',
  'question_text',
  'toolCalls',
  'toolNames',
  'agent',
  'agents',
  'guardrail',
])

/** Reads a result field; an unknown field is `undefined`. */
export function readResultField(result: ScenarioExecutionResult, field: string): unknown {
  switch (field) {
    case 'status':
      return result.status
    case 'turnCount':
    case 'turn_count':
      return result.turnCount
    case 'path':
      return result.path
    case 'scenarioId':
    case 'scenario_id':
      return result.scenarioId
    default:
      return undefined
  }
}
