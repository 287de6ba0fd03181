import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { withScenario } from '../../src/hosts/jest/with-scenario.js'
import { resultsDir } from '../support/paths.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** The message withScenario throws for these arguments. */
function problem(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('withScenario accepted the arguments')
}

describe('withScenario(jestConfig, options)', () => {
  test('adds the setup entry first and the resolved options under globals, keeping the rest', () => {
    const config = withScenario(
      {
        rootDir: '/project',
        testEnvironment: 'node',
        setupFilesAfterEnv: ['./test/own-setup.ts'],
        globals: { other: 1 },
      },
      { model: { model: 'gpt-4.1-mini', temperature: 0 }, recordings: { dir: 'fixtures' } },
    )
    expect(config.testEnvironment).toBe('node')
    expect(config.setupFilesAfterEnv).toEqual([
      expect.stringMatching(/src\/hosts\/jest\/setup\.(js|ts)$/),
      './test/own-setup.ts',
    ])
    expect(config.globals).toEqual({
      other: 1,
      'vitest-scenario': {
        root: '/project',
        recordings: { dir: 'fixtures' },
        model: { model: 'gpt-4.1-mini', temperature: 0 },
        maxConcurrentCalls: 8,
      },
    })
  })

  test('a second withScenario, or the setup entry listed by hand, adds it once', () => {
    const once = withScenario({ setupFilesAfterEnv: ['vitest-scenario/jest/setup'] })
    const twice = withScenario(once)
    expect(twice.setupFilesAfterEnv).toEqual(once.setupFilesAfterEnv)
    expect(once.setupFilesAfterEnv).toHaveLength(1)
  })

  test('the root defaults to the directory Jest starts in', () => {
    const config = withScenario({})
    expect(config.globals['vitest-scenario']).toMatchObject({ root: process.cwd() })
  })

  test('bad options stop Jest with every problem, naming jest.config.js', () => {
    const message = problem(() =>
      withScenario({}, { model: { model: 'm', apiKey: 'sk-x' }, maxConcurrentCalls: 0 } as never),
    )
    expect(message).toContain(
      '[vitest-scenario] withScenario(jestConfig, options) has 2 invalid options',
    )
    expect(message).toContain('the API key comes from OPENAI_API_KEY in the environment')
    expect(message).toContain('Fix them in jest.config.js')
  })

  test('a config that is not an object is refused with the fix', () => {
    expect(problem(() => withScenario(undefined as never))).toContain(
      'withScenario(jestConfig, options) needs your Jest config object first, got undefined',
    )
  })

  test('a redact module that is not there is refused against rootDir', () => {
    const root = join(resultsDir, 'with-scenario')
    mkdirSync(root, { recursive: true })
    expect(
      problem(() => withScenario({ rootDir: root }, { recordings: { redact: './missing.ts' } })),
    ).toContain(
      `a module that exists (looked for ${join(root, 'missing.ts')}, against Jest's rootDir`,
    )
    writeFileSync(join(root, 'redact.ts'), 'export default (v: string) => v\n')
    const config = withScenario({ rootDir: root }, { recordings: { redact: './redact.ts' } })
    expect(config.globals['vitest-scenario']).toMatchObject({
      recordings: { redactModule: join(root, 'redact.ts') },
    })
  })

  test('VITEST_SCENARIO_RECORD is checked once, here', () => {
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'sometimes')
    expect(problem(() => withScenario({}))).toContain('VITEST_SCENARIO_RECORD')
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'none')
    expect(withScenario({}).globals['vitest-scenario']).toMatchObject({
      modeOverride: 'replay',
    })
  })
})
