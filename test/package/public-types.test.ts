import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, resultsDir } from '../support/paths.js'
import { entryDeclarations, findUnexportedTypes } from '../support/public-types.js'

describe('public types', () => {
  it('every type used in a public signature can be imported from an entry point', () => {
    const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
    const missing = findUnexportedTypes(repoRoot, entryDeclarations(packageJson))
    const lines = missing.map((m) => `${m.name} (${m.file}), used by ${m.usedBy.join(', ')}`)
    expect(lines).toEqual([])
    // A TypeScript program over every entry's declarations: seconds of CPU, more under load.
  }, 60_000)

  it('finds a type a public signature uses that no entry exports', () => {
    const dir = join(resultsDir, 'public-types-fixture')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'hidden.d.ts'),
      'export interface Hidden { a: number }\nexport interface Shown { b: string }\nexport type Inner = { c: boolean }\nexport declare class Box { private secret; #other; get value(): Inner }\n',
    )
    writeFileSync(
      join(dir, 'index.d.ts'),
      [
        "import type { Hidden, Shown } from './hidden.js'",
        "export type { Shown } from './hidden.js'",
        "export { Box } from './hidden.js'",
        'export declare function take(value: Hidden): Shown',
        'export declare function make<T>(value: T): T',
        '',
      ].join('\n'),
    )
    const names = findUnexportedTypes(dir, ['index.d.ts']).map((m) => [m.name, m.usedBy])
    expect(names).toEqual([
      ['Hidden', ['take']],
      ['Inner', ['Box']],
    ])
    // A TypeScript program over a fixture: CPU-bound, seconds on a loaded machine.
  }, 30_000)

  it('counts a type another entry exports as importable, without walking that entry', () => {
    const dir = join(resultsDir, 'public-types-elsewhere')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'parts.d.ts'),
      'export interface Document { a: Part }\nexport interface Part { b: number }\nexport interface Hidden { c: string }\n',
    )
    writeFileSync(join(dir, 'documents.d.ts'), "export type { Document } from './parts.js'\n")
    writeFileSync(
      join(dir, 'index.d.ts'),
      [
        "import type { Document, Hidden } from './parts.js'",
        'export declare function load(text: string): Document',
        'export declare function hide(value: Hidden): void',
        '',
      ].join('\n'),
    )
    const alone = findUnexportedTypes(dir, ['index.d.ts']).map((m) => m.name)
    expect(alone).toEqual(['Document', 'Hidden'])
    // `Part` is the documents entry's own concern: only what the root's declarations name counts.
    const homed = findUnexportedTypes(dir, ['index.d.ts'], { elsewhere: ['documents.d.ts'] })
    expect(homed.map((m) => m.name)).toEqual(['Hidden'])
    // Two TypeScript programs (each loads the standard library's declarations): seconds of CPU.
  }, 60_000)
})
