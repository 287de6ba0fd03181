// The public surface, enumerated from the package entries themselves: every exported function,
// every class (its constructor, static methods and prototype methods), and every function on an
// exported object. A new export shows up here without anyone listing it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import * as matchersEntry from '../../../matchers/index.js'
import * as aiSdk from '../../../src/ai-sdk/index.js'
import * as core from '../../../src/core.js'
import * as host from '../../../src/host.js'
import * as nodeTest from '../../../src/hosts/node-test/index.js'
import * as nodeTestReporter from '../../../src/hosts/node-test/reporter.js'
import * as plugin from '../../../src/hosts/vitest/plugin/index.js'
import * as reporter from '../../../src/hosts/vitest/reporter/index.js'
import * as recordingHooks from '../../../src/hosts/vitest/setup/recording-hooks.js'
import * as main from '../../../src/index.js'
import * as openAIAgents from '../../../src/openai-agents/index.js'
import * as serialization from '../../../src/serialization.js'
import { repoRoot } from '../../support/paths.js'

/**
 * The setup entry registers Vitest hooks when imported, so its export names are read from its
 * source; the values come from the module that defines them.
 */
function setupEntry(): Record<string, unknown> {
  const file = join(repoRoot, 'src/hosts/vitest/setup/index.ts')
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022)
  const out: Record<string, unknown> = {}
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) {
      const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined
      if (modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
        throw new Error('the setup entry declares an export of its own: list it in the fuzz')
      }
      continue
    }
    const clause = statement.exportClause
    if (clause === undefined || !ts.isNamedExports(clause)) {
      throw new Error('the setup entry re-exports a whole module: list its exports in the fuzz')
    }
    for (const element of clause.elements) {
      if (statement.isTypeOnly || element.isTypeOnly) continue
      const name = element.name.text
      const from = (element.propertyName ?? element.name).text
      if (!(from in recordingHooks)) {
        throw new Error(`the setup entry exports '${name}', which recording-hooks.ts does not`)
      }
      out[name] = (recordingHooks as Record<string, unknown>)[from]
    }
  }
  return out
}

/** The package entries as a user imports them. */
export function packageEntries(): Record<string, Record<string, unknown>> {
  return {
    'vitest-scenario': main,
    'vitest-scenario/core': core,
    'vitest-scenario/host': host,
    'vitest-scenario/serialization': serialization,
    'vitest-scenario/matchers': matchersEntry,
    'vitest-scenario/plugin': plugin,
    'vitest-scenario/reporter': reporter,
    'vitest-scenario/openai-agents': openAIAgents,
    'vitest-scenario/setup': setupEntry(),
    'vitest-scenario/ai-sdk': aiSdk,
    'vitest-scenario/node-test': nodeTest,
    'vitest-scenario/node-test/reporter': nodeTestReporter,
  }
}

function isClass(value: unknown): value is abstract new (...args: never[]) => unknown {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value))
}

const FUNCTION_OWN = new Set(['length', 'name', 'prototype'])

/** The callables of one export, by the names the fuzz table uses. */
function callablesOf(name: string, value: unknown): string[] {
  if (isClass(value)) {
    const keys = [`new ${name}`]
    for (const key of Object.getOwnPropertyNames(value)) {
      if (!FUNCTION_OWN.has(key) && typeof Reflect.get(value, key) === 'function') {
        keys.push(`${name}.${key}`)
      }
    }
    for (const key of Object.getOwnPropertyNames(value.prototype)) {
      if (key !== 'constructor') keys.push(`${name}#${key}`)
    }
    return keys
  }
  if (typeof value === 'function') return [name]
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.keys(value)
      .filter((key) => typeof (value as Record<string, unknown>)[key] === 'function')
      .map((key) => `${name}.${key}`)
  }
  return []
}

/** One public callable: its name in the fuzz table and the entries that export it. */
export interface PublicCallable {
  key: string
  entries: string[]
  /** Whether it is the constructor of an error class (excluded by rule). */
  errorConstructor: boolean
}

function isErrorClass(value: unknown): boolean {
  return isClass(value) && value.prototype instanceof Error
}

/**
 * Every public callable, once: an export re-exported by several entries (`/core` through the
 * main entry, `default` beside `ScenarioReporter`) is listed under its first name.
 */
export function publicCallables(): PublicCallable[] {
  const byValue = new Map<unknown, { keys: string[]; entries: string[]; error: boolean }>()
  for (const [entry, namespace] of Object.entries(packageEntries())) {
    for (const [name, value] of Object.entries(namespace)) {
      const keys = callablesOf(name, value)
      if (keys.length === 0) continue
      const known = byValue.get(value)
      if (known === undefined)
        byValue.set(value, { keys, entries: [entry], error: isErrorClass(value) })
      else known.entries.push(entry)
    }
  }
  return [...byValue.values()].flatMap(({ keys, entries, error }) =>
    keys.map((key) => ({ key, entries, errorConstructor: error && key.startsWith('new ') })),
  )
}
