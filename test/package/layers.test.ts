import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot } from '../support/paths.js'
import { relativeImports, type SourceImport, sourceFiles } from '../support/source-imports.js'

/** The layers, bottom to top. A file may import its own layer or a lower one, never a higher. */
const LAYERS = [
  'base',
  'definitions',
  'models and recordings',
  'engine',
  'adapters',
  'host core',
  'hosts',
  'entries',
] as const

type Layer = (typeof LAYERS)[number]

/** Where a path sits: its layer, and for a host, which one (a host imports no other host). */
interface Place {
  layer: Layer
  host?: 'vitest' | 'jest' | 'node-test'
}

/**
 * Where every source folder sits. The longest matching prefix wins, so a file can be placed apart
 * from its folder; a file directly in `src/` is an entry (it sits above everything). A folder
 * missing here fails the test: a new folder is placed on purpose.
 *
 * Why the order differs from "engine below the models": the runner calls the model layer
 * (`answerWithModel`, the parsing model, the judges, the simulated user's call) and the model
 * layer calls the recording session, while neither knows about runs; so the engine sits above the
 * models and recordings. `snapshot/` and the matchers present a finished run (they read
 * `samples/`), which puts them with the engine, not below it. `simulated-user/` is a definition
 * (what `simulatedUser()` makes, its prompt); the turn it plays is the runner's.
 */
const PLACES: Readonly<Record<string, Place>> = {
  // Base: plain data types, errors, helpers, the secret guard (errors mask secrets in messages).
  'src/state/': { layer: 'base' },
  'src/errors/': { layer: 'base' },
  'src/internal/': { layer: 'base' },
  'src/secrets/': { layer: 'base' },
  // Definitions: the graph as frozen plain data, and its JSON documents.
  'src/scenario/': { layer: 'definitions' },
  'src/conditions/': { layer: 'definitions' },
  'src/primitives/': { layer: 'definitions' },
  'src/templates/': { layer: 'definitions' },
  'src/rubrics/': { layer: 'definitions' },
  'src/tools/': { layer: 'definitions' },
  'src/outcomes/': { layer: 'definitions' },
  'src/serialization/': { layer: 'definitions' },
  'src/simulated-user/': { layer: 'definitions' },
  // What a model is, as configuration: a definition carries it (a node's `modelOverride`, a
  // judge's or a simulated user's `model`, a template's response format). These files import
  // only the base; the calls themselves are a layer up. They belong in a folder of their own.
  'src/models/types.ts': { layer: 'definitions' },
  'src/models/model-config-schema.ts': { layer: 'definitions' },
  'src/models/driver.ts': { layer: 'definitions' },
  'src/models/openai-zod-helpers.ts': { layer: 'definitions' },
  // Models and recordings: one model call, and the session that records or replays it.
  'src/models/': { layer: 'models and recordings' },
  'src/recordings/': { layer: 'models and recordings' },
  'src/seal/': { layer: 'models and recordings' },
  'src/scripted-model/': { layer: 'models and recordings' },
  // Engine: one run of a definition, and what presents its result.
  'src/runner/': { layer: 'engine' },
  'src/routing/': { layer: 'engine' },
  'src/samples/': { layer: 'engine' },
  'src/agent-usage/': { layer: 'engine' },
  'src/snapshot/': { layer: 'engine' },
  'matchers/': { layer: 'engine' },
  // Adapters: an SDK's agent or model as the answering side.
  'src/ai-sdk/': { layer: 'adapters' },
  'src/openai-agents/': { layer: 'adapters' },
  'src/mcp/': { layer: 'adapters' },
  // Host core: what every test-runner host shares, and the report writers.
  'src/hosts/core/': { layer: 'host core' },
  'src/reporter/': { layer: 'host core' },
  // The JSON report's shape, and the comparison of two reports with its views (terminal,
  // Markdown, HTML): read by the hosts' reporters and the CLI, built on the report writers.
  'src/results/': { layer: 'host core' },
  // Calibration's statistics, the shape of its result and the gates are plain computations the
  // matcher (engine) reads too; the rest of the folder is placed with the host core below.
  'src/calibration/statistics/': { layer: 'engine' },
  'src/calibration/calibration.ts': { layer: 'engine' },
  'src/calibration/agreement-gates.ts': { layer: 'engine' },
  'src/calibration/calibration-table.ts': { layer: 'engine' },
  'src/compare/': { layer: 'host core' },
  // The GitHub REST client, the sticky comment and the Check Run the review posts.
  'src/github/': { layer: 'host core' },
  // Human labels of judged conversations and a judge's agreement with them, read from the JSON
  // report (the reporters' calibration section and the hosts' matcher build on it).
  'src/calibration/': { layer: 'host core' },
  // Hosts: one per test runner; each is built on the host core alone.
  'src/hosts/vitest/': { layer: 'hosts', host: 'vitest' },
  'src/hosts/jest/': { layer: 'hosts', host: 'jest' },
  'src/hosts/node-test/': { layer: 'hosts', host: 'node-test' },
  // The bin (`vitest-scenario compare`, `promote`): above everything, like the entries.
  'src/cli/': { layer: 'entries' },
}

/** Folders whose files are recordings code, and folders whose files are model code. */
const RECORDINGS = ['src/recordings/']
const MODEL_CODE = ['src/models/', 'src/scripted-model/', 'src/agent-usage/']

/**
 * Offending imports known to be on their way out in other work, written `from → to`. None may be
 * added; an entry that no longer offends fails the test.
 */
const KNOWN_OFFENCES: readonly string[] = []

/** The most lines a source file may have. */
const MAX_LINES = 400

/** Source files over `MAX_LINES` that other work is shrinking; none may be added. */
const KNOWN_LONG_FILES: readonly string[] = []

/** The place of `file`, or `undefined` when no entry of `places` covers it. */
function placeOf(file: string, places: Readonly<Record<string, Place>>): Place | undefined {
  // `vitest-scenario/host` is the host core's entry: a host is built on it alone.
  if (file === 'src/host.ts') return { layer: 'host core' }
  if (/^src\/[^/]+\.ts$/.test(file)) return { layer: 'entries' }
  let best: string | undefined
  for (const prefix of Object.keys(places)) {
    if (file.startsWith(prefix) && (best === undefined || prefix.length > best.length)) {
      best = prefix
    }
  }
  return best === undefined ? undefined : places[best]
}

/** Every import that breaks a layer rule, as `from → to (why)`, and every unplaced file. */
function offences(
  imports: readonly SourceImport[],
  places: Readonly<Record<string, Place>>,
): string[] {
  const found: string[] = []
  // A file that imports a value and a type from one module is one edge.
  const edges = new Map(imports.map(({ from, to }) => [`${from} → ${to}`, { from, to }]))
  for (const { from, to } of edges.values()) {
    const source = placeOf(from, places)
    const target = placeOf(to, places)
    const edge = `${from} → ${to}`
    if (source === undefined || target === undefined) {
      found.push(`${edge} (not in the layer map: ${source === undefined ? from : to})`)
      continue
    }
    const up = LAYERS.indexOf(target.layer) > LAYERS.indexOf(source.layer)
    if (source.layer === 'host core' && target.layer === 'hosts') {
      found.push(`${edge} (the host core imports a host)`)
    } else if (up) {
      found.push(`${edge} (${source.layer} imports ${target.layer})`)
    } else if (source.host !== undefined && target.host !== undefined) {
      if (source.host !== target.host) found.push(`${edge} (a host imports another host)`)
    }
    const inAny = (prefixes: readonly string[], file: string) =>
      prefixes.some((prefix) => file.startsWith(prefix))
    if (inAny(RECORDINGS, from) && inAny(MODEL_CODE, to)) {
      found.push(`${edge} (recordings import model code)`)
    }
  }
  return found
}

/** The `from → to` part of an offence, which the known-offences list names. */
const edgeOf = (offence: string) => offence.replace(/ \(.*\)$/, '')

const files = [...sourceFiles(repoRoot, 'src'), ...sourceFiles(repoRoot, 'matchers')]

describe('layers', () => {
  test('every source folder has a place in the layer map', () => {
    const folders = new Set<string>()
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
        if (!entry.isDirectory()) continue
        folders.add(`${dir}/${entry.name}/`)
        walk(`${dir}/${entry.name}`)
      }
    }
    walk('src')
    const unplaced = [...folders].filter((folder) =>
      files.some((file) => file.startsWith(folder) && placeOf(file, PLACES) === undefined),
    )
    expect(unplaced).toEqual([])
  })

  test('no import runs up a layer, across hosts, or from recordings into model code', () => {
    const imports = files.flatMap((file) => relativeImports(repoRoot, file))
    const found = offences(imports, PLACES)
    const unknown = found.filter((offence) => !KNOWN_OFFENCES.includes(edgeOf(offence)))
    expect(unknown).toEqual([])
    const stale = KNOWN_OFFENCES.filter((edge) => !found.some((o) => edgeOf(o) === edge))
    expect(stale, 'known offences that no longer offend: take them off the list').toEqual([])
  })

  test('the rules catch each kind of offence', () => {
    const places: Record<string, Place> = {
      'src/a/': { layer: 'base' },
      'src/b/': { layer: 'engine' },
      'src/core/': { layer: 'host core' },
      'src/v/': { layer: 'hosts', host: 'vitest' },
      'src/j/': { layer: 'hosts', host: 'jest' },
      'src/recordings/': { layer: 'models and recordings' },
      'src/models/': { layer: 'models and recordings' },
    }
    const imports: SourceImport[] = [
      { from: 'src/b/x.ts', to: 'src/a/y.ts' },
      { from: 'src/a/y.ts', to: 'src/b/x.ts' },
      { from: 'src/v/x.ts', to: 'src/j/y.ts' },
      { from: 'src/core/x.ts', to: 'src/v/x.ts' },
      { from: 'src/recordings/x.ts', to: 'src/models/y.ts' },
      { from: 'src/index.ts', to: 'src/v/x.ts' },
      { from: 'src/c/x.ts', to: 'src/a/y.ts' },
    ]
    expect(offences(imports, places)).toEqual([
      'src/a/y.ts → src/b/x.ts (base imports engine)',
      'src/v/x.ts → src/j/y.ts (a host imports another host)',
      'src/core/x.ts → src/v/x.ts (the host core imports a host)',
      'src/recordings/x.ts → src/models/y.ts (recordings import model code)',
      'src/c/x.ts → src/a/y.ts (not in the layer map: src/c/x.ts)',
    ])
  })

  test(`no source file is over ${MAX_LINES} lines`, () => {
    const long = files.filter((file) => {
      const text = readFileSync(join(repoRoot, file), 'utf8')
      return text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > MAX_LINES
    })
    expect(long.filter((file) => !KNOWN_LONG_FILES.includes(file))).toEqual([])
    const stale = KNOWN_LONG_FILES.filter((file) => !long.includes(file))
    expect(stale, 'known long files now short enough: take them off the list').toEqual([])
  })
})
