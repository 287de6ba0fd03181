import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli } from '../cli/cli-context.js'
import { resultsDir } from '../support/paths.js'
import { runBin } from '../support/run.js'
import {
  blockName,
  expression,
  scriptCommands,
  type Workflow,
  type WorkflowBlock,
  type WorkflowStep,
  withMatrixValues,
  workflowBlocks,
  workflowSteps,
} from '../support/workflow-files.js'

// The workflow files of the docs (docs/guide/ci-review.md) are files a reader copies into
// .github/workflows/ as they are: each must parse, ask for the permissions the review needs and
// no others, use only the actions the page names, hand the base branch's report to the pull
// request's run under the path `github` reads, and run only commands the bin and Vitest take.
// What the commands do against GitHub's API is test/github/github-e2e.test.ts.

const PERMISSIONS = {
  contents: 'read',
  actions: 'read',
  checks: 'write',
  'pull-requests': 'write',
}
const ACTIONS = [
  'actions/checkout@v4',
  'actions/setup-node@v4',
  'actions/upload-artifact@v4',
  'actions/download-artifact@v4',
]
/** Where `vitest-scenario github` reads the baseline when `--baseline` is left out. */
const DEFAULT_BASELINE = 'test-results/baseline/results.json'
/** The bin's refusals of a command line itself, as opposed to what it runs on. */
const USAGE_ERROR =
  /Bad arguments for|Unknown command|No command given|takes no arguments|takes one candidate name/

const blocks = workflowBlocks()
const workflows = blocks.filter((block) => block.page === 'docs/guide/ci-review.md')

/** The steps of a workflow that use `action` (without its version). */
function using(workflow: Workflow, action: string): WorkflowStep[] {
  return workflowSteps(workflow)
    .map(({ step }) => step)
    .filter((step) => step.uses?.split('@')[0] === action)
}

/** The steps whose script runs `npx vitest-scenario <command>`, with their command lines. */
function binSteps(workflow: Workflow, command: string): { step: WorkflowStep; line: string }[] {
  return workflowSteps(workflow).flatMap(({ step }) =>
    scriptCommands(step.run ?? '', 'npx vitest-scenario ')
      .filter((line) => line.split(/\s+/)[0] === command)
      .map((line) => ({ step, line })),
  )
}

/** Every command line of the blocks' `run:` scripts that starts with `prefix`. */
function commandLines(prefix: string): { where: string; line: string }[] {
  return blocks.flatMap((block) =>
    workflowSteps(block.workflow).flatMap(({ job, step }) =>
      scriptCommands(step.run ?? '', prefix).map((line) => ({
        where: `${blockName(block)}, job ${job}, step '${step.name ?? step.run}'`,
        line: withMatrixValues(line),
      })),
    ),
  )
}

/** The environment of a job outside GitHub Actions: none of the runner's variables. */
function withoutActions(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB_|RUNNER_|ACTIONS_)/.test(name)),
  )
}

describe('the workflow files of the docs', () => {
  test('the CI review page has the workflow and its sharded variant, and every block parses', () => {
    expect(workflows.length).toBe(2)
    for (const block of blocks) expect(block.errors, blockName(block)).toEqual([])
  })

  test.each(blocks.map((block) => [blockName(block), block] as const))(
    '%s is a workflow: triggers, the four permissions, jobs of steps, pinned actions',
    (_, block: WorkflowBlock) => {
      const { workflow } = block
      expect(Object.keys(workflow.on as object).sort()).toEqual(['pull_request', 'push'])
      expect(workflow.permissions).toEqual(PERMISSIONS)
      const jobs = Object.entries(workflow.jobs ?? {})
      expect(jobs.length).toBeGreaterThan(0)
      for (const [name, job] of jobs) {
        expect(job['runs-on'], name).toBe('ubuntu-latest')
        expect(job.steps?.length ?? 0, name).toBeGreaterThan(0)
      }
      for (const { job, step } of workflowSteps(workflow)) {
        const where = `${job}: ${JSON.stringify(step)}`
        // A step does one thing: an action or a script.
        expect([step.uses, step.run].filter((x) => x !== undefined).length, where).toBe(1)
        if (step.uses !== undefined) expect(ACTIONS, where).toContain(step.uses)
      }
    },
  )

  test.each(workflows.map((block) => [blockName(block), block] as const))(
    '%s keeps the base branch report and hands it to the pull request run where github reads it',
    (_, block: WorkflowBlock) => {
      const { workflow } = block
      const uploads = using(workflow, 'actions/upload-artifact')
      const baseline = uploads.find((step) => step.with?.name === 'scenario-baseline')
      expect(baseline?.with?.path).toBe('test-results/results.json')

      const downloads = using(workflow, 'actions/download-artifact')
      const download = downloads.find((step) => step.with?.name === 'scenario-baseline')
      expect(download?.with).toEqual({
        name: 'scenario-baseline',
        path: 'test-results/baseline',
        'run-id': expression('steps.baseline.outputs.run-id'),
        'github-token': expression('github.token'),
      })
      // An expired artifact means no baseline (a neutral check), not a failed job.
      expect(download?.['continue-on-error']).toBe(true)

      // The run the download reads is the base branch's latest successful push.
      const find = workflowSteps(workflow).find(({ step }) => step.id === 'baseline')?.step
      const list = scriptCommands(find?.run ?? '', 'gh run list ')[0] ?? ''
      for (const flag of ['--branch "$BASE_REF"', '--event push', '--status success']) {
        expect(list).toContain(flag)
      }
      expect(list).toMatch(/--json databaseId --jq '\.\[0\]\.databaseId \/\/ empty'/)
      expect(find?.env).toEqual({
        GH_TOKEN: expression('github.token'),
        BASE_REF: expression('github.base_ref'),
      })

      // `github` reads the downloaded file: its --baseline, or the default path.
      const posts = binSteps(workflow, 'github').filter(({ line }) => !line.includes('--dry-run'))
      expect(posts.length).toBe(1)
      const [{ step: post, line } = { step: {}, line: '' }] = posts
      const args = line.split(/\s+/)
      const flag = args.indexOf('--baseline')
      expect(flag === -1 ? DEFAULT_BASELINE : args[flag + 1]).toBe(
        `${String(download?.with?.path)}/results.json`,
      )
      expect(post.env).toEqual({ GITHUB_TOKEN: expression('secrets.GITHUB_TOKEN') })
      // After the tests fail too, and never with a fork's read-only token.
      expect(post.if).toMatch(/!cancelled\(\)|github\.event_name == 'pull_request'/)
      expect(post.if).toContain(
        'github.event.pull_request.head.repo.full_name == github.repository',
      )

      // The download comes before the post, in the same job.
      const steps = Object.values(workflow.jobs ?? {}).find((job) =>
        job.steps?.includes(post),
      )?.steps
      expect(steps).toBeDefined()
      expect(steps?.indexOf(download as WorkflowStep)).toBeLessThan(steps?.indexOf(post) ?? -1)
    },
  )

  test('the token reaches only the step that posts, and no script prints it', () => {
    for (const block of workflows) {
      expect(block.text.match(/secrets\./g)?.length, blockName(block)).toBe(1)
      for (const { step } of workflowSteps(block.workflow)) {
        expect(step.run ?? '', blockName(block)).not.toMatch(/GITHUB_TOKEN|secrets\.|GH_TOKEN/)
      }
    }
  })

  test('the sharded variant runs a matrix of shards and merges their reports before it posts', () => {
    const sharded = workflows[1]?.workflow ?? {}
    const shardRuns = commandLines('npx vitest ').filter(({ where }) =>
      where.startsWith(`docs/guide/ci-review.md, yaml block 2`),
    )
    expect(shardRuns.map(({ line }) => line)).toEqual(['run --shard=1/3'])
    const uploads = using(sharded, 'actions/upload-artifact').map((step) => step.with?.name)
    expect(uploads).toContain(`scenario-shard-${expression('matrix.shard')}`)
    const download = using(sharded, 'actions/download-artifact').find(
      (step) => step.with?.pattern === 'scenario-shard-*',
    )
    expect(download?.with?.path).toBe('shards')
    const merges = binSteps(sharded, 'merge')
    expect(merges.map(({ line }) => line)).toEqual([
      'merge shards/* --out test-results/results.json',
    ])
    const report = sharded.jobs?.report?.steps ?? []
    const merge = merges[0]?.step as WorkflowStep
    const [post] = binSteps(sharded, 'github')
    expect(report.indexOf(merge)).toBeGreaterThan(-1)
    expect(report.indexOf(merge)).toBeLessThan(report.indexOf(post?.step as WorkflowStep))
    expect(sharded.jobs?.report?.needs).toBe('shard')
  })

  test('every vitest-scenario command of the workflows is one the bin takes, with flags it knows', async () => {
    const found = commandLines('npx vitest-scenario ')
    expect(found.map(({ line }) => line.split(/\s+/)[0]).sort()).toEqual([
      'github',
      'github',
      'github',
      'merge',
    ])
    const dir = join(resultsDir, 'docs-workflow-commands')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const env = withoutActions()
    // The check itself: an unknown flag is a usage error.
    const bad = await cli(['github', '--no-such-flag'], dir, env)
    expect(bad.stderr).toMatch(USAGE_ERROR)
    for (const { where, line } of found) {
      expect(line, where).not.toContain('${{')
      const run = await cli(line.split(/\s+/), dir, env)
      const what = `${where}: npx vitest-scenario ${line}\n${run.stderr}`
      // In an empty folder there is no report (and outside Actions no token): an input error
      // with its own message, never a refusal of the command line.
      expect(run.code, what).toBe(2)
      expect(run.stderr, what).toMatch(/^\[vitest-scenario\] /)
      expect(run.stderr, what).not.toMatch(USAGE_ERROR)
    }
  })

  test('every vitest command of the workflows is one Vitest takes, with flags it knows', () => {
    const found = commandLines('npx vitest ')
    expect(found.length).toBeGreaterThanOrEqual(3)
    // A project of its own with three trivial test files, so a `--shard=1/3` has a file to run
    // (Vitest 5 refuses a shard of fewer files than shards) and nothing of this repository's runs.
    const dir = join(resultsDir, 'docs-workflow-vitest')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {}\n')
    for (const name of ['a', 'b', 'c']) {
      writeFileSync(
        join(dir, `${name}.test.mjs`),
        "import { expect, test } from 'vitest'\ntest('runs', () => expect(1).toBe(1))\n",
      )
    }
    const vitest = (args: string[]) => runBin('vitest', args, { cwd: dir, timeoutMs: 60_000 })
    // The check itself: Vitest names a flag it does not have.
    expect(vitest(['run', '--bogus-flag']).output).toMatch(/Unknown option `--bogusFlag`/)
    for (const { where, line } of found) {
      const args = line.split(/\s+/)
      const result = vitest(args)
      const what = `${where}: npx vitest ${line}\n${result.output}`
      expect(result.output, what).not.toMatch(/Unknown option|Unknown command/)
      if (args[0] === 'run') {
        expect(result.code, what).toBe(0)
        expect(result.output, what).toMatch(/Test Files\s+\d+ passed/)
      }
    }
  }, 120_000)
})
