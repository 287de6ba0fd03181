import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli, spawnBin } from './cli-context.js'
import { freshProject, writeText } from './cli-files.js'

// `vitest-scenario promote <candidate>` on real folders: the default layout beside the test files
// and `recordings.dir` (named by the candidate's report), a failure in the middle that leaves
// every file whole, and a reader that never sees a torn file while large files are promoted.

/** A fresh project folder under test-results/. */
const project = (name: string): string => freshProject('cli-promote', name)

const write = writeText

const recording = (side: string, id: string) =>
  `${JSON.stringify({ kind: 'vitest-scenario.recording', side, id }, null, 2)}\n`

describe('promote', () => {
  test('moves every candidate recording over its baseline, in both layouts, and removes the emptied folders', async () => {
    const dir = project('layouts')
    // Default layout, two test folders; one file has no baseline yet (a new test).
    write(join(dir, 'a/__recordings__/a.test.ts/one.json'), recording('baseline', 'one'))
    write(
      join(dir, 'a/__recordings__/.candidates/next/a.test.ts/one.json'),
      recording('next', 'one'),
    )
    write(
      join(dir, 'a/__recordings__/.candidates/next/a.test.ts/new.json'),
      recording('next', 'new'),
    )
    write(join(dir, 'b/deep/__recordings__/b.test.ts/two.json'), recording('baseline', 'two'))
    write(
      join(dir, 'b/deep/__recordings__/.candidates/next/b.test.ts/two.json'),
      recording('next', 'two'),
    )
    // Another candidate stays where it is.
    write(
      join(dir, 'a/__recordings__/.candidates/other/a.test.ts/one.json'),
      recording('other', 'one'),
    )
    // Dependencies and dot-folders are not searched.
    write(
      join(dir, 'node_modules/x/__recordings__/.candidates/next/x.json'),
      recording('next', 'x'),
    )
    write(join(dir, '.cache/__recordings__/.candidates/next/y.json'), recording('next', 'y'))
    // recordings.dir, named by the candidate's report.
    write(join(dir, 'recs/suite/c.test.ts/three.json'), recording('baseline', 'three'))
    write(join(dir, 'recs/.candidates/next/suite/c.test.ts/three.json'), recording('next', 'three'))
    write(
      join(dir, 'test-results/candidates/next/results.json'),
      JSON.stringify({
        kind: 'vitest-scenario.results',
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        host: 'vitest',
        candidate: { name: 'next' },
        recordingsDir: 'recs',
        tests: [],
      }),
    )

    const run = await cli(['promote', 'next'], dir)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    for (const [file, id] of [
      ['a/__recordings__/a.test.ts/one.json', 'one'],
      ['a/__recordings__/a.test.ts/new.json', 'new'],
      ['b/deep/__recordings__/b.test.ts/two.json', 'two'],
      ['recs/suite/c.test.ts/three.json', 'three'],
    ] as const) {
      expect(readFileSync(join(dir, file), 'utf8'), file).toBe(recording('next', id))
    }
    expect(run.stdout).toContain(
      'promoted a/__recordings__/.candidates/next/a.test.ts/one.json → a/__recordings__/a.test.ts/one.json',
    )
    expect(run.stdout).toContain(
      'promoted recs/.candidates/next/suite/c.test.ts/three.json → recs/suite/c.test.ts/three.json',
    )
    expect(run.stdout).toContain("Promoted 4 recordings of candidate 'next' over the baseline.")
    expect(existsSync(join(dir, 'a/__recordings__/.candidates/next'))).toBe(false)
    expect(readdirSync(join(dir, 'a/__recordings__/.candidates'))).toEqual(['other'])
    // A `.candidates` folder left empty goes too.
    expect(existsSync(join(dir, 'b/deep/__recordings__/.candidates'))).toBe(false)
    expect(existsSync(join(dir, 'recs/.candidates'))).toBe(false)
    expect(existsSync(join(dir, 'node_modules/x/__recordings__/.candidates/next/x.json'))).toBe(
      true,
    )
    expect(existsSync(join(dir, '.cache/__recordings__/.candidates/next/y.json'))).toBe(true)

    // Promoted once, the candidate is gone: promoting again names the ones left.
    const again = await cli(['promote', 'next'], dir)
    expect(again.code).toBe(2)
    expect(again.stdout).toBe('')
    expect(again.stderr).toContain("[vitest-scenario] No recordings of candidate 'next'")
    expect(again.stderr).toContain("Candidates with recordings: 'other'.")
  })

  test('an unknown or malformed candidate, or a missing name, is a usage error', async () => {
    const dir = project('usage')
    write(join(dir, '__recordings__/.candidates/gpt-5/t.test.ts/x.json'), recording('gpt-5', 'x'))
    const unknown = await cli(['promote', 'gpt-6'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^\[vitest-scenario\] No recordings of candidate 'gpt-6'/)
    expect(unknown.stderr).toContain("Candidates with recordings: 'gpt-5'.")
    const bad = await cli(['promote', '../x'], dir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("[vitest-scenario] '../x' is no candidate name")
    const none = await cli(['promote'], dir)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain(
      '[vitest-scenario] `vitest-scenario promote` takes one candidate name',
    )
    const flag = await cli(['promote', 'gpt-5', '--force'], dir)
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain("Unknown option '--force'")
    expect(existsSync(join(dir, '__recordings__/.candidates/gpt-5/t.test.ts/x.json'))).toBe(true)
  })

  test('a file that cannot be replaced stops the promotion with both files whole, and a second run finishes it', async () => {
    const dir = project('blocked')
    const base = join(dir, '__recordings__/t.test.ts')
    const cand = join(dir, '__recordings__/.candidates/next/t.test.ts')
    for (const id of ['a', 'b', 'c']) {
      write(join(base, `${id}.json`), recording('baseline', id))
      write(join(cand, `${id}.json`), recording('next', id))
    }
    // b's baseline path is a folder (holding a file): the rename over it fails.
    rmSync(join(base, 'b.json'))
    write(join(base, 'b.json/keep.txt'), 'in the way')
    const blocked = await cli(['promote', 'next'], dir)
    expect(blocked.code).toBe(1)
    expect(blocked.stderr).toContain(
      '[vitest-scenario] Could not replace the baseline file while promoting __recordings__/.candidates/next/t.test.ts/b.json → __recordings__/t.test.ts/b.json',
    )
    expect(blocked.stderr).toContain(
      'The baseline file is unchanged and the candidate file is still there. 1 of 3 files of this folder were promoted before it.',
    )
    expect(blocked.stderr).toContain('run `vitest-scenario promote next` again')
    // a went over; b and c are as they were, byte for byte, on both sides; no temporary file left.
    expect(readFileSync(join(base, 'a.json'), 'utf8')).toBe(recording('next', 'a'))
    expect(existsSync(join(cand, 'a.json'))).toBe(false)
    expect(readFileSync(join(cand, 'b.json'), 'utf8')).toBe(recording('next', 'b'))
    expect(readFileSync(join(base, 'b.json/keep.txt'), 'utf8')).toBe('in the way')
    expect(readFileSync(join(base, 'c.json'), 'utf8')).toBe(recording('baseline', 'c'))
    expect(readFileSync(join(cand, 'c.json'), 'utf8')).toBe(recording('next', 'c'))
    expect(readdirSync(base).sort()).toEqual(['a.json', 'b.json', 'c.json'])

    // Doing what it says finishes the job.
    rmSync(join(base, 'b.json'), { recursive: true })
    const done = await cli(['promote', 'next'], dir)
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toContain("Promoted 2 recordings of candidate 'next'")
    for (const id of ['a', 'b', 'c']) {
      expect(readFileSync(join(base, `${id}.json`), 'utf8')).toBe(recording('next', id))
    }
    expect(existsSync(join(dir, '__recordings__/.candidates'))).toBe(false)
  })

  test('a baseline folder that is a file stops before anything is written beside it', async () => {
    const dir = project('not-a-folder')
    write(join(dir, '__recordings__/t.test.ts'), 'a file where the folder should be')
    write(join(dir, '__recordings__/.candidates/next/t.test.ts/a.json'), recording('next', 'a'))
    const run = await cli(['promote', 'next'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^\[vitest-scenario\] Could not write beside the baseline file while promoting __recordings__\/\.candidates\/next\/t\.test\.ts\/a\.json → __recordings__\/t\.test\.ts\/a\.json: E(?:NOTDIR|EXIST)/,
    )
    expect(readFileSync(join(dir, '__recordings__/t.test.ts'), 'utf8')).toBe(
      'a file where the folder should be',
    )
    expect(
      readFileSync(join(dir, '__recordings__/.candidates/next/t.test.ts/a.json'), 'utf8'),
    ).toBe(recording('next', 'a'))
  })

  test('a reader parsing the baseline files while large ones are promoted never sees a torn file', async () => {
    const dir = project('concurrent')
    const big = (side: string, id: string) =>
      JSON.stringify({
        side,
        id,
        turns: Array.from({ length: 60_000 }, (_, i) => ({
          i,
          text: `${side} answer ${i} of ${id}`,
        })),
      })
    const ids = ['a', 'b', 'c', 'd', 'e', 'f']
    for (const id of ids) {
      write(join(dir, `__recordings__/big.test.ts/${id}.json`), big('baseline', id))
      write(join(dir, `__recordings__/.candidates/next/big.test.ts/${id}.json`), big('next', id))
    }
    expect(readFileSync(join(dir, '__recordings__/big.test.ts/a.json')).length).toBeGreaterThan(
      2_000_000,
    )
    const child = spawnBin(['promote', 'next'], dir)
    let finished = false
    void child.finally(() => {
      finished = true
    })
    const seen = { baseline: 0, next: 0, reads: 0 }
    while (!finished) {
      for (const id of ids) {
        const parsed = JSON.parse(
          readFileSync(join(dir, `__recordings__/big.test.ts/${id}.json`), 'utf8'),
        ) as { side: 'baseline' | 'next'; id: string; turns: unknown[] }
        expect(parsed.id).toBe(id)
        expect(parsed.turns).toHaveLength(60_000)
        seen[parsed.side] += 1
        seen.reads += 1
      }
      // Let the child's exit be noticed.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const run = await child
    expect(run.code, run.output).toBe(0)
    // The reader ran while the bin started and promoted: it read the old files at least.
    expect(seen.baseline).toBeGreaterThan(0)
    for (const id of ids) {
      expect(readFileSync(join(dir, `__recordings__/big.test.ts/${id}.json`), 'utf8')).toBe(
        big('next', id),
      )
    }
  }, 60_000)
})
