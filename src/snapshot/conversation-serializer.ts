import { SnapshotSecretError } from '../errors/index.js'
import { assertResult, assertResultSet } from '../internal/assert-result.js'
import { isScenarioResultSet } from '../samples/index.js'
import {
  allowList,
  currentSecretSettings,
  type GuardOptions,
  liveKeys,
  neutralizeControl,
  type SecretSettings,
  secretRules,
} from '../secrets/index.js'
import { isScenarioExecutionResult } from '../state/is-execution-result.js'
import { guardResult, guardResultSet } from './guard-result.js'
import { renderConversation, renderResultSet } from './render-conversation.js'

/** A snapshot serializer in the shape Vitest's (and Jest's) `addSnapshotSerializer` takes. */
export interface ConversationSerializer {
  test(value: unknown): boolean
  serialize(value: unknown): string
}

/** Where a snapshot is written, as the host knows it: the file and the test, for messages. */
export interface SnapshotLocation {
  file?: string | undefined
  test?: string | undefined
}

/**
 * A serializer that renders scenario results (and result sets) as transcripts in snapshots.
 * Snapshot files are committed, so the result goes through the same guard as a recording: the
 * running test's `redact` hook, then the secret rules; a value that still looks like a secret
 * fails the assertion with a `SnapshotSecretError` naming the file, the path and the rule, never
 * the value. Control characters are written as visible escapes.
 *
 * @param where - the snapshot file and test being asserted, for the error message (the host
 *   layer reads them from its `expect` state).
 * @param settings - the running test's `redact` hook and `allowSecrets`, as its host knows them;
 *   by default those the host runs the test with (`withSecretSettings`).
 */
export function createConversationSerializer(
  where: () => SnapshotLocation = () => ({}),
  settings: () => SecretSettings = currentSecretSettings,
): ConversationSerializer {
  return {
    test: (value) => isScenarioExecutionResult(value) || isScenarioResultSet(value),
    serialize: (value) => {
      // Checked before the guard copies it: a damaged result fails here, naming the field.
      if (isScenarioResultSet(value)) assertResultSet(value, 'the conversation serializer')
      else assertResult(value, 'the conversation serializer')
      const guard = snapshotGuard(where, settings())
      const text = isScenarioResultSet(value)
        ? renderResultSet(guardResultSet(value, guard))
        : renderConversation(guardResult(value as Parameters<typeof renderConversation>[0], guard))
      return neutralizeControl(text)
    },
  }
}

/**
 * Renders scenario results (and result sets) as transcripts in snapshots, for `toMatchSnapshot`
 * and `toMatchConversationSnapshot`, guarded against secrets. The setup entry registers one that
 * also names the snapshot file in its errors.
 *
 * @example
 * expect.addSnapshotSerializer(conversationSerializer)
 */
export const conversationSerializer: ConversationSerializer = createConversationSerializer()

function snapshotGuard(where: () => SnapshotLocation, settings: SecretSettings): GuardOptions {
  const allowed = allowList(settings.allowSecrets)
  return {
    rules: secretRules(liveKeys()),
    redact:
      settings.redact === undefined
        ? undefined
        : (value, path) =>
            (settings.redact as NonNullable<typeof settings.redact>)(value, `snapshot.${path}`),
    allowed: (path) => allowed(`snapshot.${path}`),
    onSecret: ({ path, rule }) => {
      const { file, test } = where()
      throw new SnapshotSecretError(
        {
          what: `Conversation snapshot not written: the value at ${path} looks like a secret (${rule})`,
          subjects: [
            ...(file === undefined ? [] : [`snapshot file: ${file}`]),
            ...(test === undefined ? [] : [`test: ${test}`]),
            `path: ${path}`,
          ],
          fix: 'Replace it with recordings.redact(value, jsonPath) in scenarioPlugin() (snapshot paths start with `snapshot.`), or list the path (`snapshot.history.*.rawResponse`) in recordings.allowSecrets if it is not a secret.',
        },
        { file, jsonPath: path, pattern: rule },
      )
    },
  }
}
