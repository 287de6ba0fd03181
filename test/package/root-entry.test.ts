// The curated root entry: `vitest-scenario` exports what a test author writes (at most 60 runtime
// values) and every type in their signatures, and the names that left it in 0.x stay importable
// from the entries the API reference's migration table names. Reads the built package (by
// package name, as a user's code imports it) and its declaration files.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { type DeclaredExport, declaredExports, migrationTable } from '../support/api-doc.js'
import { repoRoot } from '../support/paths.js'
import { findUnexportedTypes } from '../support/public-types.js'

/** The most runtime values the root may export. */
const MAX_ROOT_VALUES = 60

/**
 * Every name `vitest-scenario` exported in 0.x (all of `vitest-scenario/core`, then) that it no
 * longer does. Frozen: a name joins only when it leaves the root.
 */
const LEFT_THE_ROOT = [
  'Callable',
  'CallableReference',
  'CallableTraitDocument',
  'conversationSerializer',
  'ConversationSerializer',
  'createLimiter',
  'EdgeDocument',
  'evaluateOutcome',
  'firstTurnScope',
  'EvaluateOutcomeOptions',
  'FromJSONOptions',
  'HostMissingError',
  'HostRunner',
  'InvalidArgumentError',
  'isAnswerTemplate',
  'isModelCallError',
  'isScenarioDefinition',
  'isScenarioError',
  'isScenarioExecutionResult',
  'isScenarioResultSet',
  'isSimulatedUser',
  'isStateCheck',
  'Json',
  'JsonObject',
  'JsonValue',
  'lastTurnScope',
  'LIVE_TIMEOUT_MS',
  'MissingPeerError',
  'ModelConfigDocument',
  'ModelOverrideDocument',
  'NetworkBlockedError',
  'NodeDocument',
  'OutcomeCriterionDocument',
  'parseRecording',
  'QuestionDocument',
  'ReadOnlyStateError',
  'RecordedEvent',
  'RecordedInteraction',
  'RecordedRequest',
  'RecordedResponse',
  'RECORDING_FORMAT_VERSION',
  'RECORDING_MODES',
  'RecordingBadResponseError',
  'RecordingError',
  'RecordingFile',
  'RecordingMissingError',
  'RecordingMode',
  'RecordingSecretError',
  'RedactHook',
  'RefusedRequest',
  'renderConversation',
  'renderResultSet',
  'resolveNextNode',
  'ResolveNextNodeOptions',
  'resolvePath',
  'resultSet',
  'RoutableEdge',
  'RubricDocument',
  'samplePassed',
  'SCENARIO_DOCUMENT_KIND',
  'SCENARIO_FORMAT_VERSION',
  'ScenarioDocument',
  'ScenarioDocumentError',
  'serializeRecording',
  'SimulatedUserDocument',
  'SnapshotSecretError',
  'TemplateDocument',
  'ToolCallError',
  'TurnTimeoutError',
  'UnrecordedCallError',
  'WhenDocument',
  'wilsonInterval',
]

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>
}

/** An entry's declaration file, relative to the package root, from package.json `exports`. */
function typesOf(specifier: string): string {
  const target = pkg.exports[`.${specifier.slice('vitest-scenario'.length)}`]
  if (typeof target !== 'object') throw new Error(`package.json exports no ${specifier}`)
  return target.types
}

const root = (await import('vitest-scenario')) as Record<string, unknown>
const migration = migrationTable(readFileSync(join(repoRoot, 'docs/reference/api.md'), 'utf8'))

describe('vitest-scenario (the root entry)', () => {
  test(`exports at most ${MAX_ROOT_VALUES} runtime values`, () => {
    const names = Object.keys(root)
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(MAX_ROOT_VALUES)
    // What a test author writes first is there.
    for (const name of ['scenario', 'Scenario', 'END', 'defineTemplate', 'judge', 'wrap']) {
      expect(names).toContain(name)
    }
  })

  test("every type a root export's signature reaches is exported from the root, or from its topic's entry", () => {
    // Documents (`toJSON()`, `fromJSON(json, options)`) are at home in /serialization, recording
    // sessions (the `recording` option) in /host: those count, and their own declarations are
    // checked with the whole package (test/package/public-types.test.ts).
    const missing = findUnexportedTypes(repoRoot, [typesOf('vitest-scenario')], {
      elsewhere: [typesOf('vitest-scenario/serialization'), typesOf('vitest-scenario/host')],
    })
    const lines = missing.map((m) => `${m.name} (${m.file}), used by ${m.usedBy.join(', ')}`)
    expect(lines).toEqual([])
    // A TypeScript program over three entries' declarations: seconds of CPU, more under load.
  }, 60_000)
})

describe('names that left the root', () => {
  let declared = new Map<string, Map<string, DeclaredExport>>()
  const specifiers = [...new Set([...migration.values()].flat())]

  beforeAll(() => {
    const files = specifiers.map((specifier) => join(repoRoot, typesOf(specifier)))
    const byFile = declaredExports([join(repoRoot, typesOf('vitest-scenario')), ...files])
    declared = new Map(
      ['vitest-scenario', ...specifiers].map((specifier) => [
        specifier,
        byFile.get(join(repoRoot, typesOf(specifier))) ?? new Map(),
      ]),
    )
    // A TypeScript program over the entries' declarations: seconds of CPU, more under load.
  }, 60_000)

  test('none is exported from the root, at run time or as a type', () => {
    const rootNames = declared.get('vitest-scenario') ?? new Map()
    expect(LEFT_THE_ROOT.filter((name) => name in root || rootNames.has(name))).toEqual([])
  })

  test('the migration table of the API reference lists each of them, and only them', () => {
    expect([...migration.keys()].sort()).toEqual([...LEFT_THE_ROOT].sort())
    expect([...migration].filter(([, entries]) => entries.length === 0)).toEqual([])
  })

  test('each is importable from every entry its row names', async () => {
    const unreachable: string[] = []
    for (const specifier of specifiers) {
      const module = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>
      const types = declared.get(specifier) ?? new Map()
      for (const [name, entries] of migration) {
        if (!entries.includes(specifier)) continue
        const found = types.get(name)
        // A runtime name must be a value of the module; a type, a declared export.
        const ok = found !== undefined && (found.value ? name in module : true)
        if (!ok) unreachable.push(`${name} from ${specifier}`)
      }
    }
    expect(unreachable).toEqual([])
  })
})
