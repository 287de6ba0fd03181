import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { rerecordCommand } from '../../src/recordings/miss-report.js'
import { RECORDING_MODES, resolveRecordingMode } from '../../src/recordings/mode.js'
import { recordingFolder, recordingPath, recordingTestId } from '../../src/recordings/test-id.js'

const hash8 = (fullName: string) => createHash('sha256').update(fullName).digest('hex').slice(0, 8)

describe('resolveRecordingMode', () => {
  test.each([
    ['none', 'replay'],
    ['new', 'new'],
    ['all', 'all'],
    [undefined, 'new'],
  ] as const)("Vitest's update state %s gives %s", (state, mode) => {
    expect(resolveRecordingMode(state, undefined)).toBe(mode)
  })

  test.each([
    ['replay', 'replay'],
    ['none', 'replay'],
    ['new', 'new'],
    ['all', 'all'],
    ['rerecord', 'rerecord'],
    ['off', 'off'],
  ] as const)('VITEST_SCENARIO_RECORD=%s gives %s whatever the update state', (value, mode) => {
    for (const state of ['none', 'new', 'all', undefined]) {
      expect(resolveRecordingMode(state, value)).toBe(mode)
    }
  })

  test('an empty VITEST_SCENARIO_RECORD counts as unset', () => {
    expect(resolveRecordingMode('none', '')).toBe('replay')
    expect(resolveRecordingMode('all', '')).toBe('all')
    expect(resolveRecordingMode('new', '')).toBe('new')
  })

  test.each(['record', 'REPLAY', 'once', ' new'])(
    'an unknown value %j is an InvalidArgumentError listing the five modes',
    (value) => {
      let error: unknown
      try {
        resolveRecordingMode('new', value)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(InvalidArgumentError)
      const { message, code } = error as InvalidArgumentError
      expect(code).toBe('invalid_argument')
      expect(message).toContain(`'${value}'`)
      expect(message).toContain('VITEST_SCENARIO_RECORD')
      expect(message).toContain("'replay', 'new', 'all', 'rerecord', 'off'")
    },
  )

  test('RECORDING_MODES lists the five modes', () => {
    expect(RECORDING_MODES).toEqual(['replay', 'new', 'all', 'rerecord', 'off'])
  })
})

describe('recordingTestId', () => {
  test('slug of the full name joined with " > ", a dash, and 8 hex of its sha256', () => {
    expect(recordingTestId(['pushback', 'keeps BCL2'])).toBe(
      `pushback-keeps-bcl2-${hash8('pushback > keeps BCL2')}`,
    )
  })

  test('titles that slugify alike get different ids', () => {
    const ids = [['a b'], ['a-b'], ['A B'], ['a', 'b'], ['a  b!']].map((names) =>
      recordingTestId(names),
    )
    for (const id of ids) expect(id).toMatch(/^a-b-[0-9a-f]{8}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('the slug is at most 100 characters and never ends in a dash; the hash covers the whole name', () => {
    const long = 'word '.repeat(60)
    const id = recordingTestId(['suite', long])
    const slug = id.slice(0, -9)
    expect(slug.length).toBeLessThanOrEqual(100)
    expect(slug).toMatch(/^suite-word(-word)*$/)
    expect(id.slice(-9)).toBe(`-${hash8(`suite > ${long}`)}`)
    // Two names that differ only after the cut still get their own ids.
    expect(recordingTestId(['suite', `${long}one`])).not.toBe(
      recordingTestId(['suite', `${long}two`]),
    )
    expect(recordingTestId(['suite', `${long}one`]).slice(0, -9)).toBe(
      recordingTestId(['suite', `${long}two`]).slice(0, -9),
    )
  })

  test('a sample adds .sample-<i>', () => {
    const id = recordingTestId(['pass rate'])
    expect(recordingTestId(['pass rate'], 0)).toBe(`${id}.sample-0`)
    expect(recordingTestId(['pass rate'], 7)).toBe(`${id}.sample-7`)
  })

  test('non-ASCII titles: the id stays ASCII, the hash is of the title as written', () => {
    const id = recordingTestId(['Café crème'])
    expect(id).toMatch(/^[a-z0-9-]+$/)
    expect(id.startsWith('cafe-cr')).toBe(true)
    expect(id.endsWith(`-${hash8('Café crème')}`)).toBe(true)
    expect(recordingTestId(['Cafe creme'])).not.toBe(id)
    // A title with no ASCII letter at all is its hash alone.
    expect(recordingTestId(['用药安全'])).toBe(hash8('用药安全'))
    expect(recordingTestId(['用药安全', 'dose'])).toBe(`dose-${hash8('用药安全 > dose')}`)
    expect(recordingTestId(['用药安全'])).not.toBe(recordingTestId(['安全用药']))
  })

  // NFKD splits accents off their letters; the marks are dropped, not turned into '-'.
  test('accents fold to their ASCII letter without splitting the word', () => {
    expect(recordingTestId(['Café crème'])).toBe(`cafe-creme-${hash8('Café crème')}`)
  })

  test('ids are safe file names', () => {
    const id = recordingTestId(['../../etc/passwd', 'a/b\\c:d*e?"f<g>h|'])
    expect(id).toMatch(/^[a-z0-9-]+$/)
  })
})

describe('recordingFolder and recordingPath', () => {
  const root = join('/', 'work', 'project')
  const testFile = join(root, 'test', 'chat', 'drugs.test.ts')

  test('by default: <dir of the test file>/__recordings__/<test file name>', () => {
    expect(recordingFolder({ testFile, root })).toBe(
      join(root, 'test', 'chat', '__recordings__', 'drugs.test.ts'),
    )
  })

  test('with dir: <root>/<dir>/<test file path relative to the root>', () => {
    expect(recordingFolder({ testFile, root, dir: 'fixtures/llm' })).toBe(
      join(root, 'fixtures', 'llm', 'test', 'chat', 'drugs.test.ts'),
    )
  })

  test('an absolute dir is used as it is', () => {
    expect(recordingFolder({ testFile, root, dir: '/var/recordings' })).toBe(
      join('/', 'var', 'recordings', 'test', 'chat', 'drugs.test.ts'),
    )
  })

  test('the recording file is <folder>/<test id>.json', () => {
    const id = recordingTestId(['drugs', 'asks'])
    expect(recordingPath('/f', id)).toBe(join('/f', `${id}.json`))
  })
})

describe('rerecordCommand', () => {
  /** The arguments a POSIX shell passes to the command. */
  function shellArgs(command: string): string[] {
    const prefix = 'npx vitest run '
    expect(command.startsWith(prefix)).toBe(true)
    const out = execFileSync('sh', ['-c', `printf '%s\\0' ${command.slice(prefix.length)}`], {
      encoding: 'utf8',
    })
    return out.split('\0').slice(0, -1)
  }

  test('runs -u on the file, filtered to the test by its names joined with spaces', () => {
    expect(rerecordCommand('test/a.test.ts', ['suite', 'keeps it'])).toBe(
      "npx vitest run test/a.test.ts -t 'suite keeps it' -u",
    )
  })

  test.each([
    [['drugs', "doesn't drop the dose"]],
    [['regex (a|b)*', 'costs $5.00 + tax? [sic] ^ \\ {x}']],
    [['`backticks` and $(subshell)', '"double" quotes; & pipes | > out']],
    [['tabs\tand  spaces']],
  ])('names %j reach vitest intact and the pattern matches only as text', (names) => {
    const file = 'test/my tests/a.test.ts'
    const args = shellArgs(rerecordCommand(file, names))
    expect(args).toEqual([file, '-t', expect.any(String), '-u'])
    const pattern = new RegExp(args[2] ?? '')
    // Vitest matches -t against the file and the describe chain, joined with spaces.
    expect(pattern.test(`${file} ${names.join(' ')}`)).toBe(true)
    // Regex specials are escaped: the pattern matches the literal text only.
    expect(args[2]?.replace(/\\(.)/g, '$1')).toBe(names.join(' '))
  })
})
