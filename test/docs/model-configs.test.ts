import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { docPages } from '../support/doc-blocks.js'
import { repoRoot } from '../support/paths.js'

// A reader copies the plugin config of whichever page they are on. When two pages configure the
// same model differently (one with `temperature: 0`, one without), the requests differ, and a
// suite recorded with one config misses every recording in CI with the other. So every model
// config given to `scenarioPlugin({ model })` or `withScenario(jestConfig, { model })` in a code
// block of the README or the docs must be the same object for the same model name, unless the
// page shows a different setting on purpose (listed below, with the reason).

/**
 * Pages (and the heading the block is under) that deliberately configure a model differently
 * from the other pages, with the reason.
 */
const DELIBERATE: Record<string, string> = {
  'docs/guide/models.md › ## The Responses API':
    "the section is about `api: 'responses'`: the config shows that setting",
}

/** One model config of a page's code block, as plain values. */
interface ModelConfigUse {
  /** `page:line` of the config. */
  where: string
  /** `page › heading`, as `DELIBERATE` names it. */
  section: string
  /** The config's fields, literal values as values, anything else as its source text. */
  config: Record<string, unknown>
}

/** A fenced block of JavaScript or TypeScript, with where it is. */
interface CodeBlock {
  page: string
  heading: string
  /** The line of the first line of code (1-based). */
  line: number
  code: string
}

const LANGUAGES = new Set(['ts', 'tsx', 'js', 'mjs', 'cjs', 'javascript', 'typescript'])

/** The ```ts and ```js blocks of a page (a config is as often a `jest.config.js` as a `.ts`). */
function codeBlocksOf(page: string): CodeBlock[] {
  const lines = readFileSync(join(repoRoot, page), 'utf8').split('\n')
  const blocks: CodeBlock[] = []
  let heading = ''
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] ?? ''
    if (/^#+ /.test(text)) heading = text
    const fence = /^\s*```(\w*)\s*$/.exec(text)
    if (fence === null) continue
    const indent = text.indexOf('`')
    let end = index + 1
    while (end < lines.length && (lines[end] ?? '').trim() !== '```') end++
    if (LANGUAGES.has(fence[1] ?? '')) {
      const code = lines
        .slice(index + 1, end)
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n')
      blocks.push({ page, heading, line: index + 2, code })
    }
    index = end
  }
  return blocks
}

/** A literal's value (`'x'`, `0`, `-1`, `true`), or its source text when it is no literal. */
function literalValue(node: ts.Expression, file: ts.SourceFile): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isNumericLiteral(node)) return Number(node.text)
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = literalValue(node.operand, file)
    if (typeof inner === 'number') return -inner
  }
  if (ts.isObjectLiteralExpression(node)) return fieldsOf(node, file)
  return `<${node.getText(file)}>`
}

function fieldsOf(
  object: ts.ObjectLiteralExpression,
  file: ts.SourceFile,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property)) {
      fields[property.name.getText(file).replace(/^['"]|['"]$/g, '')] = literalValue(
        property.initializer,
        file,
      )
    } else {
      fields[`<${property.getText(file)}>`] = true
    }
  }
  return fields
}

/**
 * The options object a call gives the host: `scenarioPlugin(options)` or
 * `withScenario(jestConfig, options)`.
 */
function hostOptions(call: ts.CallExpression): ts.Expression | undefined {
  const callee = call.expression
  if (!ts.isIdentifier(callee)) return undefined
  if (callee.text === 'scenarioPlugin') return call.arguments[0]
  if (callee.text === 'withScenario') return call.arguments[1]
  return undefined
}

/** The `model` configs given to the plugin or `withScenario` in one block. */
function modelConfigsOf(block: CodeBlock): ModelConfigUse[] {
  const file = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.Latest, true)
  const found: ModelConfigUse[] = []
  const visit = (node: ts.Node): void => {
    const options = ts.isCallExpression(node) ? hostOptions(node) : undefined
    if (options !== undefined && ts.isObjectLiteralExpression(options)) {
      for (const property of options.properties) {
        if (!ts.isPropertyAssignment(property) || property.name.getText(file) !== 'model') continue
        if (!ts.isObjectLiteralExpression(property.initializer)) continue
        const line = file.getLineAndCharacterOfPosition(property.getStart(file)).line
        found.push({
          where: `${block.page}:${block.line + line}`,
          section: `${block.page} › ${block.heading}`,
          config: fieldsOf(property.initializer, file),
        })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** A config as text that is the same for the same object, whatever the order of its fields. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`
}

/**
 * The model names configured differently in different places (deliberate sections left out),
 * each with every config and where it is.
 */
function disagreements(uses: readonly ModelConfigUse[], deliberate: Record<string, string>) {
  const byModel = new Map<string, ModelConfigUse[]>()
  for (const use of uses) {
    if (deliberate[use.section] !== undefined) continue
    const name = String(use.config.model)
    byModel.set(name, [...(byModel.get(name) ?? []), use])
  }
  return [...byModel.entries()].flatMap(([model, same]) => {
    const shapes = new Set(same.map((use) => canonical(use.config)))
    if (shapes.size <= 1) return []
    return [{ model, configs: same.map((use) => `${use.where}: ${canonical(use.config)}`) }]
  })
}

const uses = docPages().flatMap(codeBlocksOf).flatMap(modelConfigsOf)

describe('the model configs of the docs agree', () => {
  test('the configs are found, in ts and js blocks, the README quick starts among them', () => {
    const places = uses.map((use) => use.section)
    expect(places).toContain('README.md › ## Quick start')
    expect(places).toContain('README.md › ## Quick start with Jest')
    expect(places).toContain('docs/guide/reports.md › ## Set up the reporter')
    expect(uses.length).toBeGreaterThanOrEqual(6)
    const readme = uses.find((use) => use.section === 'README.md › ## Quick start')
    expect(readme?.config).toEqual({ model: 'gpt-4.1-mini', temperature: 0 })
  })

  test('every page configures the same model the same way', () => {
    expect(disagreements(uses, DELIBERATE)).toEqual([])
  })

  test('every deliberate exception is still a section with a model config', () => {
    const sections = new Set(uses.map((use) => use.section))
    expect(Object.keys(DELIBERATE).filter((section) => !sections.has(section))).toEqual([])
  })

  test('a config without the temperature the others set is a disagreement', () => {
    const readme: ModelConfigUse = {
      where: 'README.md:93',
      section: 'README.md › ## Quick start',
      config: { model: 'gpt-4.1-mini', temperature: 0 },
    }
    const reports: ModelConfigUse = {
      where: 'docs/guide/reports.md:15',
      section: 'docs/guide/reports.md › ## Set up the reporter',
      config: { model: 'gpt-4.1-mini' },
    }
    const other: ModelConfigUse = { ...reports, config: { model: 'gpt-4.1' } }
    expect(disagreements([readme, reports], {})).toEqual([
      {
        model: 'gpt-4.1-mini',
        configs: [
          'README.md:93: {"model":"gpt-4.1-mini","temperature":0}',
          'docs/guide/reports.md:15: {"model":"gpt-4.1-mini"}',
        ],
      },
    ])
    expect(disagreements([readme, other], {})).toEqual([])
    expect(disagreements([readme, reports], { [reports.section]: 'on purpose' })).toEqual([])
  })

  test('the fields are compared as values, in any order', () => {
    const block: CodeBlock = {
      page: 'x.md',
      heading: '## X',
      line: 3,
      code: [
        'export default withScenario(',
        '  { testEnvironment: "node" },',
        '  { model: { temperature: 0, "model": `m` }, parsingModel: { model: "j" } },',
        ')',
        'scenarioPlugin({ model: { model: "m", temperature: 0.0, baseURL: process.env.URL } })',
      ].join('\n'),
    }
    const found = modelConfigsOf(block)
    expect(found.map((use) => use.where)).toEqual(['x.md:5', 'x.md:7'])
    expect(canonical(found[0]?.config)).toBe('{"model":"m","temperature":0}')
    expect(found[1]?.config).toEqual({ model: 'm', temperature: 0, baseURL: '<process.env.URL>' })
  })
})
