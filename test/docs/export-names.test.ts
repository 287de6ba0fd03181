// The user's pages (README, guide, recipes, reference) name the package's functions in code spans:
// `recordedFetch`, `lastTurn({ … })`. A name there that the package does not export sends a reader
// to an import that fails, so every code span that looks like an export — a call, `name(…)`, or a
// `…Fetch` name — must be a name some entry exports (or a method of an exported class, or a
// matcher), unless it is listed below as someone else's (Vitest's, an SDK's, the language's) or
// as a name the page gives to the user's own code.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { moduleExportNames } from '../support/api-doc.js'
import { repoRoot } from '../support/paths.js'

/** The pages a user reads; design.md, decisions.md and performance.md describe the internals. */
const USER_PAGES = ['README.md', 'docs/guide', 'docs/recipes', 'docs/reference']

/** Names that are not the package's, each with why a page may call it. */
const NOT_OURS: Readonly<Record<string, string>> = {
  // The user's own code, as the pages name its parts.
  body: "scenario()'s test body",
  build: "scenario()'s builder function",
  check: 'a callable trait or check the user writes',
  evaluate: 'an outcome criterion the user writes',
  nextClue: 'a helper of the progressive-disclosure recipe',
  parse: "a template's parse(raw)",
  run: "the run() of scenario()'s test context",
  score: 'a callable trait the user writes',
  stateUpdate: "a node's stateUpdate",
  // Vitest's and Jest's.
  describe: 'Vitest',
  expect: 'Vitest',
  inject: 'Vitest',
  test: 'Vitest',
  toMatchSnapshot: 'Vitest',
  // The SDKs' and the language's.
  createAnthropic: '@ai-sdk/anthropic',
  createOpenAI: '@ai-sdk/openai',
  generateText: 'ai',
  setDefaultOpenAIClient: '@openai/agents',
  handoff: '@openai/agents',
  stepCountIs: 'ai',
  structuredClone: 'JavaScript',
  Symbol: 'JavaScript',
}

/** Matchers the setup entry registers beside the `matchers` object (made per test file). */
const REGISTERED_MATCHERS = ['toMatchConversationSnapshot', 'toSatisfyJudge', 'toAgreeWithLabels']

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { default: string }>
}

/**
 * Every name a user can reach: each entry's exports (a setup entry's read from its module, which
 * only loads inside its runner's test environment), the methods and statics of exported classes,
 * the matchers.
 */
async function reachableNames(): Promise<Set<string>> {
  const names = new Set(REGISTERED_MATCHERS)
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object') continue
    const file = join(repoRoot, target.default)
    if (subpath.endsWith('/setup')) {
      for (const name of moduleExportNames(readFileSync(file, 'utf8'))) names.add(name)
      continue
    }
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      names.add(name)
      if (typeof value === 'function') {
        for (const key of Object.getOwnPropertyNames(value)) names.add(key)
        const prototype: unknown = value.prototype
        if (typeof prototype === 'object' && prototype !== null) {
          for (const key of Object.getOwnPropertyNames(prototype)) names.add(key)
        }
      }
      if (name === 'matchers' && typeof value === 'object' && value !== null) {
        for (const key of Object.keys(value)) names.add(key)
      }
    }
  }
  return names
}

/** The names `vitest-scenario/host` exports and no other entry does. */
async function hostOnlyNames(): Promise<Set<string>> {
  const elsewhere = new Set<string>()
  let host: string[] = []
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || subpath.endsWith('/setup')) continue
    const module = (await import(/* @vite-ignore */ join(repoRoot, target.default))) as object
    if (subpath === './host') host = Object.keys(module)
    else for (const name of Object.keys(module)) elsewhere.add(name)
  }
  return new Set(host.filter((name) => !elsewhere.has(name)))
}

function markdownFiles(path: string): string[] {
  const full = join(repoRoot, path)
  if (!statSync(full).isDirectory()) return [path]
  return readdirSync(full).flatMap((name) =>
    name.endsWith('.md') || statSync(join(full, name)).isDirectory()
      ? markdownFiles(join(path, name))
      : [],
  )
}

/** The export-like names in a page's code spans outside fenced blocks, with their lines. */
function exportLikeNames(markdown: string): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = []
  let fenced = false
  for (const [index, line] of markdown.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      continue
    }
    if (fenced) continue
    for (const [, span = ''] of line.matchAll(/`([^`]+)`/g)) {
      const name = /^([A-Za-z_$][\w$]*)\(/.exec(span)?.[1] ?? /^([a-z][\w$]*Fetch)$/.exec(span)?.[1]
      if (name !== undefined) found.push({ name, line: index + 1 })
    }
  }
  return found
}

describe('names in code spans', () => {
  test('a call or a …Fetch name in a code span is picked up; code blocks are not', () => {
    const page = [
      'Pass `recordedFetch` as `fetch`; check with `lastTurn({ x: 1 })` and `result.path`.',
      '```ts',
      'recordingFetch()',
      '```',
      '`libraryFetch`, `a.b(`',
    ].join('\n')
    expect(exportLikeNames(page)).toEqual([
      { name: 'recordedFetch', line: 1 },
      { name: 'lastTurn', line: 1 },
      { name: 'libraryFetch', line: 5 },
    ])
  })

  test('every one on the user pages is a name the package exports', async () => {
    const names = await reachableNames()
    const unknown = USER_PAGES.flatMap(markdownFiles).flatMap((file) =>
      exportLikeNames(readFileSync(join(repoRoot, file), 'utf8'))
        .filter(({ name }) => !names.has(name) && !(name in NOT_OURS))
        .map(({ name, line }) => `${relative('.', file)}:${line} ${name}`),
    )
    expect(unknown).toEqual([])
  })

  test('a name only vitest-scenario/host exports is on pages that name that entry', async () => {
    // The host entry is for building a test runner's integration; its names beside the test
    // author's ones (`recordingFetch` for a session, `recordedFetch` bound to the running test)
    // are easy to swap, and a page for test authors that names the host's sends them astray.
    const hostOnly = await hostOnlyNames()
    expect(hostOnly.has('recordingFetch')).toBe(true)
    const astray = USER_PAGES.flatMap(markdownFiles).flatMap((file) => {
      const markdown = readFileSync(join(repoRoot, file), 'utf8')
      if (markdown.includes('vitest-scenario/host')) return []
      return exportLikeNames(markdown)
        .filter(({ name }) => hostOnly.has(name))
        .map(({ name, line }) => `${relative('.', file)}:${line} ${name}`)
    })
    expect(astray).toEqual([])
  })

  test('no name listed as not ours is one of ours', async () => {
    const names = await reachableNames()
    expect(Object.keys(NOT_OURS).filter((name) => names.has(name))).toEqual([])
  })
})
