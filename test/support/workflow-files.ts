import { parseDocument } from 'yaml'
import { docPages } from './doc-blocks.js'
import { codeBlocks, docSection } from './docs.js'

// The GitHub Actions workflow files the docs show, read as GitHub reads them: each ```yaml block
// of a page is one workflow file, parsed by a YAML 1.2 parser (where `on` is a key, not `true`).

/** A step of a job: an action (`uses`) or a shell script (`run`). */
export interface WorkflowStep {
  name?: string
  id?: string
  if?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, unknown>
  'continue-on-error'?: boolean
}

/** A job of a workflow. */
export interface WorkflowJob {
  if?: string
  needs?: string | string[]
  'runs-on'?: string
  steps?: WorkflowStep[]
}

/** A workflow file as parsed: what the tests check of it. */
export interface Workflow {
  name?: string
  on?: unknown
  permissions?: Record<string, string>
  jobs?: Record<string, WorkflowJob>
}

/** A ```yaml block of a page: its text, and the workflow it parses to or the parser's errors. */
export interface WorkflowBlock {
  page: string
  /** Which ```yaml block of the page it is (1-based). */
  ordinal: number
  text: string
  errors: string[]
  workflow: Workflow
}

/** Every ```yaml block of the README, CONTRIBUTING.md and docs/, parsed. */
export function workflowBlocks(): WorkflowBlock[] {
  return docPages().flatMap((page) =>
    codeBlocks(docSection(page), 'yaml').map((text, index) => {
      const document = parseDocument(text, { version: '1.2' })
      const errors = document.errors.map((error) => error.message)
      return { page, ordinal: index + 1, text, errors, workflow: document.toJS() as Workflow }
    }),
  )
}

/** A block's name for messages: `docs/guide/ci-review.md, yaml block 2`. */
export function blockName(block: WorkflowBlock): string {
  return `${block.page}, yaml block ${block.ordinal}`
}

/** Every step of a workflow, with the job it belongs to. */
export function workflowSteps(workflow: Workflow): { job: string; step: WorkflowStep }[] {
  return Object.entries(workflow.jobs ?? {}).flatMap(([job, value]) =>
    (value.steps ?? []).map((step) => ({ job, step })),
  )
}

/**
 * The shell command lines of a `run:` script that start with `prefix` (e.g. `npx vitest-scenario
 * `): a line ending in `\` goes on with the next, as the shell reads it; a `# comment` is left out.
 */
export function scriptCommands(script: string, prefix: string): string[] {
  const joined = script.replace(/\\\n\s*/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .flatMap((line) => {
      const at = line.indexOf(prefix)
      return at === -1 ? [] : [line.slice(at + prefix.length).trim()]
    })
}

/**
 * A workflow expression's stand-in for running a command outside Actions: `${{ matrix.shard }}`
 * becomes `1`, as in the first job of a matrix; any other expression is left for the test to
 * refuse (a command line of the docs should not need one).
 */
export function withMatrixValues(command: string): string {
  return command.replace(/\$\{\{\s*matrix\.\w+\s*\}\}/g, '1')
}

/** A workflow expression as a workflow file writes it: `expression('github.token')` is `${{ github.token }}`. */
export function expression(name: string): string {
  return `\${{ ${name} }}`
}
