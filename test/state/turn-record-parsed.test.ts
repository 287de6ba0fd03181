// A turn record's parsed answer is `parsedFields`, while the state and the paths of conditions say
// `parsed`. A test ported from state paths that reads `turn.parsed.<field>` must fail to compile
// with a message that names `parsedFields` — TypeScript's own "Did you mean" does not fire for
// names that far apart — and turn records stay what they were at run time.
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { runScenario } from '../../src/runner/index.js'
import { Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { repoRoot } from '../support/paths.js'

/** Where the snippet pretends to live: beside this test, so its relative import resolves. */
const snippetFile = join(repoRoot, 'test/state/__parsed-snippet__.ts')

/** The error messages of a snippet compiled with the project's strict options, by line (1-based). */
function errorsOf(snippet: string): { line: number; message: string }[] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.getSourceFile = (name, language, ...rest) =>
    name === snippetFile
      ? ts.createSourceFile(name, snippet, language)
      : getSourceFile.call(host, name, language, ...rest)
  host.fileExists = (name) => name === snippetFile || fileExists.call(host, name)
  host.readFile = (name) => (name === snippetFile ? snippet : readFile.call(host, name))
  const program = ts.createProgram([snippetFile], options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === snippetFile)
    .map((d) => ({
      line: (d.file as ts.SourceFile).getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }))
}

const header = [
  "import type { ScenarioExecutionResult, TurnRecord } from '../../src/state/types.js'",
  'declare const result: ScenarioExecutionResult',
]

describe('turn.parsed (the state spelling) on a turn record', () => {
  test('reading a field through it fails to compile with a message naming parsedFields', () => {
    const errors = errorsOf(
      [
        ...header,
        'export const a = result.history[0]?.parsed?.drug',
        'export const b = result.finalState.history.at(-1)?.parsed?.drug',
      ].join('\n'),
    )
    expect(errors.map((e) => e.line)).toEqual([3, 4])
    for (const { message } of errors) expect(message).toContain('parsedFields')
  })

  test('the right names compile: parsedFields on a turn, parsed on the state', () => {
    const errors = errorsOf(
      [
        ...header,
        'export const a = result.history[0]?.parsedFields.drug',
        'export const b = result.finalState.parsed.drug',
        // A record as the runner makes it (no `parsed` key) is a TurnRecord.
        'export const copy: TurnRecord | undefined = result.history[0] && { ...result.history[0] }',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  test('a turn record has no parsed key at run time', async () => {
    const definition = new Scenario('s').addNode('a', { question: 'q' }).setEntry('a').validate()
    const result = await runScenario(definition, { model: scriptedModel(['answer']) })
    const [turn] = result.history
    expect(turn).toBeDefined()
    expect(Object.hasOwn(turn as object, 'parsed')).toBe(false)
    expect(JSON.parse(JSON.stringify(turn))).not.toHaveProperty('parsed')
  })
})
