import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, inject, test } from 'vitest'
import { repoRoot, resultsDir } from '../support/paths.js'
import { run, runBin } from '../support/run.js'

interface PackageJson {
  exports: Record<string, string | Record<string, string>>
  sideEffects: string[] | boolean
}

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson
const tarball = inject('packedTarball')

/** The source file of every JavaScript entry point: what the import-graph checks start from. */
const entrySources = [
  'src/index.ts',
  'src/core.ts',
  'src/host.ts',
  'matchers/index.ts',
  'src/setup/index.ts',
  'src/plugin/index.ts',
  'src/reporter/index.ts',
  'src/openai-agents/index.ts',
]

/** The entries every user loads: none of them may reach an agent SDK (optional peers). */
const coreEntrySources = entrySources.filter((entry) => !entry.startsWith('src/openai-agents/'))

interface DpdmReport {
  tree: Record<string, { request: string; id: string | null }[] | null>
  circulars: string[][]
}

function dpdm(entries: readonly string[]): DpdmReport {
  const out = join(resultsDir, `dpdm-${entries.length}-${Date.now()}.json`)
  const result = runBin('dpdm', [
    '--no-tree',
    '--no-warning',
    '--no-progress',
    '-o',
    out,
    ...entries,
  ])
  expect(result.code, result.output).toBe(0)
  return JSON.parse(readFileSync(out, 'utf8')) as DpdmReport
}

/** Every import in the import graph of `entries` (dynamic ones too) whose request matches. */
function requestsMatching(entries: readonly string[], pattern: RegExp): string[] {
  const { tree } = dpdm(entries)
  const requests = Object.values(tree).flatMap((deps) => (deps ?? []).map((d) => d.request))
  return [...new Set(requests.filter((r) => pattern.test(r)))]
}

/** Every import of a vitest module in the static import graph of `entry`. */
function vitestRequests(entry: string): string[] {
  return requestsMatching([entry], /^(?:vitest|@vitest\/)/)
}

/** The agent SDKs that are optional peers (or devDependencies only): `@openai/agents`, `ai`, … */
const AGENT_SDKS = /^(?:@openai\/agents|ai|@ai-sdk\/|@anthropic-ai\/)(?:$|[/-])/

/** Imports `file` in a fresh `node` process in which resolving any vitest module is an error. */
function importWithoutVitest(file: string) {
  return run(process.execPath, [
    '--import',
    pathToFileURL(join(repoRoot, 'test/support/deny-vitest.mjs')).href,
    '--input-type=module',
    '--eval',
    `await import(${JSON.stringify(pathToFileURL(file).href)})`,
  ])
}

describe('package manifest', () => {
  test('exports the eight entries and package.json, types first in every condition', () => {
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      './core',
      './host',
      './matchers',
      './setup',
      './plugin',
      './reporter',
      './openai-agents',
      './package.json',
    ])
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (entry === './package.json') continue
      expect(typeof target, entry).toBe('object')
      expect(Object.keys(target)[0], entry).toBe('types')
    }
  })

  test('marks only the setup entry as having side effects', () => {
    const setup = pkg.exports['./setup']
    expect(typeof setup === 'object' && setup.default).toBeTruthy()
    expect(pkg.sideEffects).toEqual([typeof setup === 'object' ? setup.default : ''])
  })

  test('every entry imports by package name after the build', async () => {
    for (const entry of Object.keys(pkg.exports)) {
      if (entry === './package.json') continue
      const specifier = `vitest-scenario${entry.slice(1)}`
      await expect(import(/* @vite-ignore */ specifier), specifier).resolves.toBeTypeOf('object')
    }
  })
})

describe('packed tarball', () => {
  test('passes publint with warnings as errors', () => {
    const result = runBin('publint', ['run', tarball, '--strict'])
    expect(result.code, result.output).toBe(0)
  })

  test('passes Are The Types Wrong for an ESM-only package', () => {
    const result = runBin('attw', [
      tarball,
      '--profile',
      'esm-only',
      '--no-definitely-typed',
      '--format',
      'json',
    ])
    const report = JSON.parse(result.stdout) as {
      analysis: { problems: { resolutionKind?: string }[] }
    }
    // The esm-only profile ignores what CommonJS and node10 resolution see; so does this check.
    const esmProblems = report.analysis.problems.filter(
      (p) => p.resolutionKind !== 'node10' && p.resolutionKind !== 'node16-cjs',
    )
    expect(esmProblems).toEqual([])
    expect(result.code, result.output).toBe(0)
    // attw reads every declaration of the tarball: seconds of CPU, more on a loaded machine.
  }, 60_000)
})

/** The folders under `src/` that the files of `folder` import from directly. */
function importedFolders(source: string): string[] {
  const folders = [...source.matchAll(/from '\.\.\/([\w-]+)\//g)].map((m) => m[1] as string)
  return [...new Set(folders)].sort()
}

describe('import graph', () => {
  test('the reporter reads what runs recorded: it imports nothing from routing or conditions', () => {
    const dir = join(repoRoot, 'src/reporter')
    const offending = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        importedFolders(readFileSync(join(dir, name), 'utf8'))
          .filter((folder) => folder === 'routing' || folder === 'conditions')
          .map((folder) => `${name} imports from ${folder}/`),
      )
    expect(offending).toEqual([])
  })

  test('the folder check sees a relative import of another folder', () => {
    expect(
      importedFolders("import { a } from '../routing/x.js'\nimport { b } from './c.js'"),
    ).toEqual(['routing'])
  })

  test('has no import cycle among the sources of any entry', () => {
    expect(dpdm(entrySources).circulars).toEqual([])
  })

  test('the cycle check rejects a real cycle', () => {
    expect(dpdm(['test/package/samples/cycle/a.ts']).circulars).toEqual([
      ['test/package/samples/cycle/a.ts', 'test/package/samples/cycle/b.ts'],
    ])
  })

  test('core does not reach vitest, statically, from its sources', () => {
    expect(vitestRequests('src/core.ts')).toEqual([])
  })

  test('host does not reach vitest either: any test runner can host recordings', () => {
    expect(vitestRequests('src/host.ts')).toEqual([])
  })

  test('the static check finds vitest behind a relative import', () => {
    expect(vitestRequests('test/package/samples/imports-vitest/index.mjs')).toEqual(['vitest'])
  })

  test('dist core loads in a plain node process without resolving vitest', () => {
    const result = importWithoutVitest(join(repoRoot, 'dist/src/core.js'))
    expect(result.output).not.toContain('[vitest-free]')
    expect(result.code, result.output).toBe(0)
  })

  test('no entry but an adapter imports an agent SDK: users of neither pay nothing', () => {
    expect(requestsMatching(coreEntrySources, AGENT_SDKS)).toEqual([])
  })

  test('the SDK check sees the adapter entry import @openai/agents', () => {
    expect(requestsMatching(['src/openai-agents/index.ts'], AGENT_SDKS)).toContain('@openai/agents')
  })

  test('the openai-agents entry does not reach vitest: any test runner can use it', () => {
    expect(vitestRequests('src/openai-agents/index.ts')).toEqual([])
    const result = importWithoutVitest(join(repoRoot, 'dist/src/openai-agents/index.js'))
    expect(result.output).not.toContain('[vitest-free]')
    expect(result.code, result.output).toBe(0)
  })

  test('the plain-node check rejects a module that pulls in vitest', () => {
    const result = importWithoutVitest(
      join(repoRoot, 'test/package/samples/imports-vitest/index.mjs'),
    )
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain("[vitest-free] 'vitest' imported by ")
    expect(result.stderr).toContain('samples/imports-vitest/uses-vitest.mjs')
  })
})
