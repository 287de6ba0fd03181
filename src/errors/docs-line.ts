// Where messages send people for more: pages of docs/ that ship in the package. This module imports
// nothing, so the value describer (which every message part goes through) can use it too.

/**
 * The package's folder as a user's project reaches it. The docs ship in the package and the
 * package names no repository, so the one path a message can give that is there to open on the
 * user's machine is the installed copy, relative to their project's root.
 */
export const INSTALLED_PACKAGE = 'node_modules/vitest-scenario/'

/** The page that explains every error code, relative to the package root. */
export const ERROR_DOCS = 'docs/reference/errors.md'

/**
 * The sections of the options reference that messages about options point at, relative to the
 * package root: each lists every option of one options object.
 */
export const OPTIONS_DOCS = Object.freeze({
  /** `runScenario(definition, options)`. */
  run: 'docs/reference/options.md#run-options',
  /** `scenarioPlugin(options)`, and Jest's `withScenario(jestConfig, options)`, which takes the same. */
  plugin: 'docs/reference/options.md#plugin-options',
  /** `scenario(name, options, build, body)`. */
  scenario: 'docs/reference/options.md#scenario-options',
} as const)

/** What the docs line of a message starts with. */
const DOCS_LABEL = 'Docs: '

/**
 * A page of the shipped docs, relative to the package root, as a path to open from the user's
 * project.
 *
 * @example
 * docsPath('docs/reference/options.md#run-options')
 * // 'node_modules/vitest-scenario/docs/reference/options.md#run-options'
 */
export function docsPath(page: string): string {
  return `${INSTALLED_PACKAGE}${page}`
}

/**
 * The last line of every library error's message: where its code is explained (`docs` is the
 * error's `docs`, `docs/reference/errors.md#<code>`).
 *
 * @example
 * docsLine('docs/reference/errors.md#recording_missing')
 * // 'Docs: node_modules/vitest-scenario/docs/reference/errors.md#recording_missing'
 */
export function docsLine(docs: string): string {
  return `${DOCS_LABEL}${docsPath(docs)}`
}

/**
 * `message` without the docs line a library error's message ends with, for a message quoted
 * inside another text: the text that quotes it (another error's message, a diagnostic, what a
 * tool reports to the model, a judge's prompt, a snapshot) is about something else and names its
 * own docs, and the quoted error, kept as the `cause`, still has its `docs`. Any other text comes
 * back as it is.
 *
 * @example
 * withoutDocsLine('[vitest-scenario] Unknown mode\nDocs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument')
 * // '[vitest-scenario] Unknown mode'
 */
export function withoutDocsLine(message: string): string {
  const start = message.lastIndexOf(`\n${DOCS_LABEL}${INSTALLED_PACKAGE}`)
  if (start === -1) return message
  // Only a last line: a docs line in the middle belongs to a message quoted further in.
  return message.includes('\n', start + 1) ? message : message.slice(0, start)
}
