import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../../src/errors/index.js'
import { candidateDefaults, readCandidateName } from '../../../src/hosts/core/candidate-run.js'
import { folderPaths } from '../../../src/hosts/core/folder-paths.js'
import { resolveHostOptions } from '../../../src/hosts/core/host-options.js'
import { obsoleteRecordings } from '../../../src/hosts/core/obsolete-recordings.js'
import { checkPluginOptions } from '../../../src/hosts/core/plugin-options.js'
import { scenarioRunOptions } from '../../../src/hosts/core/run-scenario-body.js'
import { TestRecordings } from '../../../src/hosts/core/test-recordings.js'
import { memoryStore } from '../../../src/recordings/store.js'
import { recordingFolder, recordingTestId } from '../../../src/recordings/test-id.js'

// A candidate run as the host options resolve it: the candidate's overrides at the host scope,
// its recordings in their own folder, the baseline's left alone.

const checked = checkPluginOptions({
  model: { model: 'base-model' },
  parsingModel: { model: 'base-judge' },
  prices: { 'base-model': { input: 1, output: 2 } },
  candidates: {
    'gpt-5': { model: { model: 'cand-model' }, systemPrompt: 'Be brief.', fork: 2 },
    judge: { parsingModel: { model: 'cand-judge' } },
  },
})

describe('resolveHostOptions with a candidate', () => {
  test('a baseline run has no candidate and the plugin defaults', () => {
    const options = resolveHostOptions(checked, {
      root: '/p',
      modeOverride: undefined,
      candidate: undefined,
    })
    expect(options.candidate).toBeUndefined()
    expect('systemPrompt' in options).toBe(false)
    expect(options.model).toEqual({ model: 'base-model' })
  })

  test("a candidate's overrides replace the plugin's; the baseline's defaults travel with it", () => {
    const options = resolveHostOptions(checked, {
      root: '/p',
      modeOverride: undefined,
      candidate: 'gpt-5',
    })
    expect(options.model).toEqual({ model: 'cand-model' })
    expect(options.parsingModel).toEqual({ model: 'base-judge' })
    expect(options.systemPrompt).toBe('Be brief.')
    expect(options.candidate).toEqual({
      name: 'gpt-5',
      fork: 2,
      baseline: {
        model: { model: 'base-model' },
        parsingModel: { model: 'base-judge' },
        userModel: undefined,
        prices: { 'base-model': { input: 1, output: 2 } },
      },
    })
    // JSON only: the options cross to the workers.
    expect(JSON.parse(JSON.stringify(options)).candidate.name).toBe('gpt-5')
  })

  test('reads VITEST_SCENARIO_CANDIDATE when the context names none; empty is a baseline run', () => {
    expect(readCandidateName({ VITEST_SCENARIO_CANDIDATE: 'judge' })).toBe('judge')
    expect(readCandidateName({ VITEST_SCENARIO_CANDIDATE: '' })).toBeUndefined()
    expect(readCandidateName({})).toBeUndefined()
    const before = process.env.VITEST_SCENARIO_CANDIDATE
    process.env.VITEST_SCENARIO_CANDIDATE = 'judge'
    try {
      const options = resolveHostOptions(checked, { root: '/p', modeOverride: undefined })
      expect(options.candidate?.name).toBe('judge')
      expect(options.parsingModel).toEqual({ model: 'cand-judge' })
      expect(options.model).toEqual({ model: 'base-model' })
    } finally {
      if (before === undefined) delete process.env.VITEST_SCENARIO_CANDIDATE
      else process.env.VITEST_SCENARIO_CANDIDATE = before
    }
  })

  test('an unknown name lists the configured ones and the fix', () => {
    let error: unknown
    try {
      candidateDefaults(checked, 'gpt-6')
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(InvalidArgumentError)
    const message = (error as Error).message
    expect(message).toMatch(
      /^\[vitest-scenario\] VITEST_SCENARIO_CANDIDATE="gpt-6" names no candidate of scenarioPlugin\(options\)/,
    )
    expect(message).toContain('VITEST_SCENARIO_CANDIDATE=gpt-5')
    expect(message).toContain('VITEST_SCENARIO_CANDIDATE=judge')
    expect(message).toContain('unset VITEST_SCENARIO_CANDIDATE')
  })

  test('a name with no candidates configured says to add them; a prototype key is no candidate', () => {
    expect(() => candidateDefaults(checkPluginOptions({}), 'x')).toThrow(/has no `candidates`/)
    expect(() => candidateDefaults(checked, 'constructor')).toThrow(/names no candidate/)
  })

  test("the candidate's systemPrompt is a host default: run()'s own wins", () => {
    const defaults = resolveHostOptions(checked, {
      root: '/p',
      modeOverride: undefined,
      candidate: 'gpt-5',
    })
    const host = { name: 's', signal: undefined, defaults, noModelFix: 'fix' }
    expect(scenarioRunOptions(host, {}, {}).systemPrompt).toBe('Be brief.')
    expect(scenarioRunOptions(host, {}, { systemPrompt: 'Own.' }).systemPrompt).toBe('Own.')
    expect(scenarioRunOptions(host, {}, { model: { model: 'run-model' } }).model).toEqual({
      model: 'run-model',
    })
  })
})

describe('candidate folders', () => {
  test('beside the test file under __recordings__/.candidates/<name>/, or under dir', () => {
    expect(recordingFolder({ testFile: '/p/test/a.test.ts', root: '/p', candidate: 'gpt-5' })).toBe(
      '/p/test/__recordings__/.candidates/gpt-5/a.test.ts',
    )
    expect(
      recordingFolder({
        testFile: '/p/test/a.test.ts',
        root: '/p',
        dir: 'rec',
        candidate: 'gpt-5',
      }),
    ).toBe('/p/rec/.candidates/gpt-5/test/a.test.ts')
    expect(() =>
      recordingFolder({ testFile: '/p/a.test.ts', root: '/p', candidate: '../up' }),
    ).toThrow(/\[vitest-scenario\] `candidate` in recordingFolder/)
  })

  test('folderPaths keeps the baseline and the candidate apart', () => {
    const base = folderPaths('/p/a.test.ts', '/p', undefined)
    const cand = folderPaths('/p/a.test.ts', '/p', undefined, 'gpt-5')
    expect(base.folder).toBe('/p/__recordings__/a.test.ts')
    expect(cand.folder).toBe('/p/__recordings__/.candidates/gpt-5/a.test.ts')
    expect(cand.shownFolder).toBe('__recordings__/.candidates/gpt-5/a.test.ts')
  })

  test("a candidate run's session writes to its folder and its miss command keeps the candidate", () => {
    const recordings = new TestRecordings(
      {
        id: {},
        names: ['asks'],
        file: '/p/a.test.ts',
        mode: 'new',
        allTestIds: () => undefined,
        annotate: () => {},
      },
      {
        root: '/p',
        candidate: 'gpt-5',
        store: memoryStore(),
        rerecordCommand: (file) => `npx vitest run ${file} -u`,
      },
    )
    const session = recordings.main()
    expect(session?.options.file).toBe(
      `/p/__recordings__/.candidates/gpt-5/a.test.ts/${recordingTestId(['asks'])}.json`,
    )
    expect(session?.options.command).toBe(
      'VITEST_SCENARIO_CANDIDATE=gpt-5 npx vitest run a.test.ts -u',
    )
    const baseline = recordings.baseline(undefined)
    expect(baseline.options.file).toBe(
      `/p/__recordings__/a.test.ts/${recordingTestId(['asks'])}.json`,
    )
    expect(baseline.options.mode).toBe('replay')
    expect(baseline.options.command).toBe('npx vitest run a.test.ts -u')
    // No baseline recording: every call is refused, saying to record the baseline first.
    expect(baseline.options.refuse?.message).toMatch(/Record the baseline first/)
    expect(() => baseline.options.store.write('/p/x.json', '{}')).toThrow(/read-only/)
  })
})

describe('obsolete recordings of each side', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  test("neither side reports or deletes the other's files, even under -u", () => {
    dir = mkdtempSync(join(tmpdir(), 'vs-cands-'))
    const file = join(dir, 'a.test.ts')
    const id = recordingTestId(['kept'])
    const baseFolder = join(dir, '__recordings__', 'a.test.ts')
    const candFolder = join(dir, '__recordings__', '.candidates', 'x', 'a.test.ts')
    for (const folder of [baseFolder, candFolder]) {
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, `${id}.json`), '{}')
      writeFileSync(join(folder, 'gone-1234abcd.json'), '{}')
    }
    const tests = [{ id, runs: true }]
    const cand = obsoleteRecordings({
      file,
      tests,
      mode: 'all',
      fileFailed: false,
      root: dir,
      candidate: 'x',
    })
    expect(cand.deleting).toBe(true)
    expect(readdirSync(candFolder)).toEqual([`${id}.json`])
    expect(readdirSync(baseFolder).sort()).toEqual([`${id}.json`, 'gone-1234abcd.json'].sort())
    const base = obsoleteRecordings({ file, tests, mode: 'new', fileFailed: false, root: dir })
    expect(base.obsolete).toEqual(['__recordings__/a.test.ts/gone-1234abcd.json'])
    obsoleteRecordings({ file, tests, mode: 'all', fileFailed: false, root: dir })
    expect(readdirSync(join(dir, '__recordings__')).sort()).toEqual(['.candidates', 'a.test.ts'])
    expect(readdirSync(candFolder)).toEqual([`${id}.json`])
  })
})
