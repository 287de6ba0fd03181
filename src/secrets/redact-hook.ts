/**
 * A hook that may replace a string before it is stored, matched or printed
 * (`recordings.redact`). `jsonPath` says where the string is: `request.body.messages.0.content`
 * in a recording; `snapshot.…`, `report.…` or `message` in the other artifacts.
 */
export type RedactHook = (value: string, jsonPath: string) => string

/** How the test that is running treats secrets: the user's `redact` hook and `allowSecrets`. */
export interface SecretSettings {
  redact?: RedactHook | undefined
  /** Paths (`*` for one segment) whose values may look like secrets and are kept. */
  allowSecrets?: readonly string[] | undefined
}
