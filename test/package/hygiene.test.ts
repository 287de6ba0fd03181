import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, inject, test } from 'vitest'
import { repoRoot, resultsDir } from '../support/paths.js'
import { run, runBin } from '../support/run.js'

interface PackageJson {
  exports: Record<string, string | Record<string, string>>
  sideEffects: string[] | boolean
  scripts: Record<string, string>
}

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson
const tarball = inject('packedTarball')

/** The source file of every JavaScript entry point: what the import-graph checks start from. */
const entrySources = [
  'src/index.ts',
  'src/core.ts',
  'src/host.ts',
  'src/serialization.ts',
  'matchers/index.ts',
  'src/hosts/vitest/setup/index.ts',
  'src/hosts/vitest/plugin/index.ts',
  'src/hosts/vitest/reporter/index.ts',
  'src/ai-sdk/index.ts',
  'src/openai-agents/index.ts',
  'src/mcp.ts',
  'src/hosts/jest/index.ts',
  'src/hosts/jest/setup.ts',
  'src/hosts/jest/reporter.ts',
  'src/hosts/node-test/index.ts',
  'src/hosts/node-test/reporter.ts',
]

/**
 * The Jest host's entries that run in a test file. Only the setup entry loads Jest's
 * `@jest/globals` (a test environment's module); `vitest-scenario/jest` is also imported by
 * `jest.config.js` in Jest's main process, where `@jest/globals` throws, and the reporter runs
 * there too.
 */
const jestEntries = ['src/hosts/jest/index.ts', 'src/hosts/jest/setup.ts']

/**
 * The Vitest host's entries, the runner-agnostic ones and the Jest reporter: none of them may
 * reach Jest (the reporter reads Jest's results through shapes of its own).
 */
const nonJestEntries = entrySources.filter((entry) => !jestEntries.includes(entry))

/** The adapter entries: each may load its own SDK, and only it. */
const adapterEntries = ['src/ai-sdk/index.ts', 'src/openai-agents/index.ts', 'src/mcp.ts']

/** The entries every user loads: none of them may reach an agent SDK (optional peers). */
const coreEntrySources = entrySources.filter((entry) => !adapterEntries.includes(entry))

/** The optional agent SDKs an adapter entry may load: the core entries load none of them. */
const optionalSdk =
  /^(?:ai|@ai-sdk\/[^/]+|@openai\/agents[^/]*|@anthropic-ai\/[^/]+|@modelcontextprotocol\/[^/]+)(?:\/.*)?$/

interface DpdmReport {
  tree: Record<string, { request: string; id: string | null }[] | null>
  circulars: string[][]
}

function dpdm(entries: readonly string[], options: { runtimeOnly?: boolean } = {}): DpdmReport {
  const out = join(resultsDir, `dpdm-${entries.length}-${Date.now()}.json`)
  const result = runBin('dpdm', [
    // --transform compiles before reading imports: type-only imports (erased) are left out.
    ...(options.runtimeOnly === true ? ['--transform'] : []),
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
function requestsMatching(
  entries: readonly string[],
  pattern: RegExp,
  options: { runtimeOnly?: boolean } = {},
): string[] {
  const { tree } = dpdm(entries, options)
  const requests = Object.values(tree).flatMap((deps) => (deps ?? []).map((d) => d.request))
  return [...new Set(requests.filter((r) => pattern.test(r)))]
}

/** Every import of a vitest module in the static import graph of `entry`. */
function vitestRequests(entry: string): string[] {
  return requestsMatching([entry], /^(?:vitest|@vitest\/)/)
}

/** Every import of a Jest module (`jest`, `@jest/*`, `jest-*`) in the import graph of `entries`. */
function jestRequests(entries: readonly string[]): string[] {
  return requestsMatching(entries, /^(?:jest(?:-[\w-]+)?|@jest\/[\w-]+)(?:\/.*)?$/).sort()
}

/** Every import of an optional agent SDK in the import graph of `entries`. */
function sdkRequests(entries: readonly string[]): string[] {
  return requestsMatching(entries, optionalSdk).sort()
}

/** Imports `file` in a fresh `node` process in which resolving any vitest module is an error. */
function importWithoutVitest(file: string, hook = 'test/support/deny-vitest.mjs') {
  return run(process.execPath, [
    '--import',
    pathToFileURL(join(repoRoot, hook)).href,
    '--input-type=module',
    '--eval',
    `await import(${JSON.stringify(pathToFileURL(file).href)})`,
  ])
}

describe('package manifest', () => {
  test('exports the sixteen entries and package.json, types first in every condition', () => {
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      './core',
      './host',
      './serialization',
      './matchers',
      './setup',
      './plugin',
      './reporter',
      './ai-sdk',
      './openai-agents',
      './mcp',
      './jest',
      './jest/setup',
      './jest/reporter',
      './node-test',
      './node-test/reporter',
      './package.json',
    ])
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (entry === './package.json') continue
      expect(typeof target, entry).toBe('object')
      expect(Object.keys(target)[0], entry).toBe('types')
    }
  })

  test('marks only the setup entries (Vitest and Jest) as having side effects', () => {
    const setups = ['./setup', './jest/setup'].map((entry) => {
      const setup = pkg.exports[entry]
      return typeof setup === 'object' ? setup.default : ''
    })
    expect(setups.every((file) => file !== undefined && file !== '')).toBe(true)
    expect(pkg.sideEffects).toEqual(setups)
  })

  test('a fresh clone builds before it packs or runs the examples (dist/ is not in git)', () => {
    // Without `prepack`, `npm pack` of an unbuilt clone ships a package with no dist/, silently;
    // the examples import the package by its name, which resolves to dist/.
    expect(pkg.scripts.prepack).toBe('npm run build')
    expect(pkg.scripts.examples).toMatch(/^npm run build && vitest run /)
  })

  test('every entry imports by package name after the build', async () => {
    for (const entry of Object.keys(pkg.exports)) {
      // The Jest setup entry imports `@jest/globals`, which only a Jest test environment
      // provides: the Jest samples (test/integration/jest-*.test.ts) load it. The Jest entry and
      // the reporter load in any process (jest.config.js imports the one, Jest's main process
      // runs the other): they are imported here.
      if (entry === './package.json' || entry === './jest/setup') continue
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
    // One dpdm run over every entry: seconds under load.
  }, 30_000)

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

  test('serialization does not reach vitest: documents are read and written anywhere', () => {
    expect(vitestRequests('src/serialization.ts')).toEqual([])
  })

  test('no Vitest or runner-agnostic entry, nor the Jest reporter, reaches Jest', () => {
    expect(jestRequests(nonJestEntries)).toEqual([])
  }, 30_000)

  test('only the Jest setup entry reaches @jest/globals; the Jest entries reach nothing from vitest at run time', () => {
    expect(jestRequests(['src/hosts/jest/setup.ts'])).toEqual(['@jest/globals'])
    // jest.config.js imports vitest-scenario/jest (withScenario) outside any test environment.
    expect(jestRequests(['src/hosts/jest/index.ts'])).toEqual([])
    // The matcher functions are typed with Vitest's matcher state (type-only imports, erased):
    // what the built entries import is checked with types left out.
    for (const entry of jestEntries) {
      expect(
        requestsMatching([entry], /^(?:vitest|@vitest\/)/, { runtimeOnly: true }),
        entry,
      ).toEqual([])
    }
    // One dpdm run per check: seconds under load.
  }, 30_000)

  test("the Jest reporter (Jest's main process) reaches nothing from vitest and loads without it", () => {
    // Static imports, types included: it names no Vitest type either.
    expect(vitestRequests('src/hosts/jest/reporter.ts')).toEqual([])
    const result = importWithoutVitest(join(repoRoot, 'dist/src/hosts/jest/reporter.js'))
    expect(result.output).not.toContain('[vitest-free]')
    expect(result.code, result.output).toBe(0)
    // One dpdm run and a node process: seconds under load.
  }, 30_000)

  test('the node:test entries reach neither vitest nor Jest at run time, and load without vitest', () => {
    for (const entry of ['src/hosts/node-test/index.ts', 'src/hosts/node-test/reporter.ts']) {
      // The matcher functions are typed with Vitest's matcher state (type-only, erased).
      expect(requestsMatching([entry], /^(?:vitest|@vitest\/)/, { runtimeOnly: true })).toEqual([])
      const built = join(repoRoot, `dist/${entry.replace(/\.ts$/, '.js')}`)
      const result = importWithoutVitest(built)
      expect(result.output).not.toContain('[vitest-free]')
      expect(result.code, result.output).toBe(0)
    }
    // One dpdm run and a node process per entry: seconds under load.
  }, 60_000)

  test('the static check finds vitest behind a relative import', () => {
    expect(vitestRequests('test/package/samples/imports-vitest/index.mjs')).toEqual(['vitest'])
  })

  test('dist core loads in a plain node process without resolving vitest', () => {
    const result = importWithoutVitest(join(repoRoot, 'dist/src/core.js'))
    expect(result.output).not.toContain('[vitest-free]')
    expect(result.code, result.output).toBe(0)
  })

  test('no core entry reaches an optional agent SDK (ai, @ai-sdk/*, @openai/agents, @anthropic-ai/*)', () => {
    expect(sdkRequests(coreEntrySources)).toEqual([])
    // One dpdm run or node process per check: seconds under load.
  }, 30_000)

  test('the ai-sdk entry reaches ai and no other SDK, and only through a dynamic import', () => {
    expect(sdkRequests(['src/ai-sdk/index.ts'])).toEqual(['ai'])
    // A static import of `ai` would fail with Node's bare ERR_MODULE_NOT_FOUND before the entry
    // could say which package is missing: the built entry loads it with import('ai').
    const dir = join(repoRoot, 'dist/src/ai-sdk')
    const statics = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .filter((name) =>
        /^\s*(?:import|export)\b[^;]*?from\s*['"]ai['"]/m.test(
          readFileSync(join(dir, name), 'utf8'),
        ),
      )
    expect(statics).toEqual([])
    // The entry is bundled (src/ai-sdk/ai.ts is in it); a per-file build keeps it in ai.js.
    const loader = ['index.js', 'ai.js']
      .filter((name) => readdirSync(dir).includes(name))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n')
    expect(loader).toMatch(/import\(\s*["']ai["']\s*\)/)
    // One dpdm run or node process per check: seconds under load.
  }, 30_000)

  test('dist core, host and the main entry load in a plain node process with no agent SDK resolvable', () => {
    for (const file of ['dist/src/core.js', 'dist/src/host.js', 'dist/src/index.js']) {
      const result = importWithoutVitest(join(repoRoot, file), 'test/support/deny-sdks.mjs')
      expect(result.output, file).not.toContain('[sdk-free]')
      expect(result.code, result.output).toBe(0)
    }
    // One dpdm run or node process per check: seconds under load.
  }, 30_000)

  test('the plain-node SDK check rejects the ai-sdk entry, which loads ai', () => {
    const result = importWithoutVitest(
      join(repoRoot, 'dist/src/ai-sdk/index.js'),
      'test/support/deny-sdks.mjs',
    )
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain("[sdk-free] 'ai' imported by ")
  })

  test('the openai-agents entry reaches @openai/agents and no other SDK, and not vitest', () => {
    expect(sdkRequests(['src/openai-agents/index.ts'])).toEqual(['@openai/agents'])
    expect(vitestRequests('src/openai-agents/index.ts')).toEqual([])
    const result = importWithoutVitest(join(repoRoot, 'dist/src/openai-agents/index.js'))
    expect(result.output).not.toContain('[vitest-free]')
    expect(result.code, result.output).toBe(0)
    // One dpdm run and a node process that loads the SDK: seconds under load.
  }, 30_000)

  test('the mcp entry reaches only ai (mcpToolSet loads it when called) and not vitest', () => {
    // It reads the MCP clients and servers by shape; importing it loads no SDK at all.
    expect(sdkRequests(['src/mcp.ts'])).toEqual(['ai'])
    expect(vitestRequests('src/mcp.ts')).toEqual([])
    for (const hook of ['test/support/deny-vitest.mjs', 'test/support/deny-sdks.mjs']) {
      const result = importWithoutVitest(join(repoRoot, 'dist/src/mcp.js'), hook)
      expect(result.code, result.output).toBe(0)
    }
  }, 30_000)

  test('the plain-node check rejects a module that pulls in vitest', () => {
    const result = importWithoutVitest(
      join(repoRoot, 'test/package/samples/imports-vitest/index.mjs'),
    )
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain("[vitest-free] 'vitest' imported by ")
    expect(result.stderr).toContain('samples/imports-vitest/uses-vitest.mjs')
  })
})
