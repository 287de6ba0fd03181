import { isScenarioResultSet } from '../samples/index.js'
import { isScenarioExecutionResult } from '../state/is-execution-result.js'
import { renderConversation, renderResultSet } from './render-conversation.js'

/** A snapshot serializer in the shape Vitest's (and Jest's) `addSnapshotSerializer` takes. */
export interface ConversationSerializer {
  test(value: unknown): boolean
  serialize(value: unknown): string
}

/**
 * Renders scenario results (and result sets) as transcripts in snapshots, for `toMatchSnapshot`
 * and `toMatchConversationSnapshot`. The setup entry registers it.
 *
 * @example
 * expect.addSnapshotSerializer(conversationSerializer)
 */
export const conversationSerializer: ConversationSerializer = {
  test: (value) => isScenarioExecutionResult(value) || isScenarioResultSet(value),
  serialize: (value) =>
    isScenarioResultSet(value)
      ? renderResultSet(value)
      : renderConversation(value as Parameters<typeof renderConversation>[0]),
}
