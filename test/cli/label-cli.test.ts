import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { LABELS_KIND, readLabelsFile, writeLabelsFile } from '../../src/calibration/labels-file.js'
import { labelItems, labelOf } from '../../src/cli/label-items.js'
import { decodeKeys } from '../../src/cli/label-keys.js'
import { criterionScreen } from '../../src/cli/label-screen.js'
import { colors } from '../../src/reporter/terminal.js'
import { reportOf, testOf } from '../compare/support/report-builder.js'
import { cli } from './cli-context.js'
import { freshProject, writeText } from './cli-files.js'
import { fakeTerminal, labelReport } from './label-fixtures.js'

// `vitest-scenario label` in this process with a fake terminal typing the keys: the screens, the
// labels saved, and every refusal. The real terminal (tmux) is label-terminal.test.ts.

const REFUNDS = 'test/__labels__/refunds.test.ts.labels.json'
const ORDERS = 'test/__labels__/orders.test.ts.labels.json'

/** A project folder with the label report at test-results/results.json. */
function project(name: string, report = labelReport()): string {
  const dir = freshProject('cli-label', name)
  writeText(join(dir, 'test-results/results.json'), JSON.stringify(report))
  return dir
}

describe('decodeKeys', () => {
  test('letters, control keys and escape sequences, one key each', () => {
    expect(decodeKeys('mu\r\u0003\u001b\u007f\u001b[A\u001bOPé')).toEqual([
      { name: 'char', char: 'm' },
      { name: 'char', char: 'u' },
      { name: 'enter' },
      { name: 'ctrl-c' },
      { name: 'escape' },
      { name: 'backspace' },
      { name: 'other' },
      { name: 'other' },
      { name: 'char', char: 'é' },
    ])
  })
})

describe('label', () => {
  test('labels met and unmet, skips, keeps a note, quits with q and saves per test file', async () => {
    const dir = project('session')
    const terminal = fakeTerminal()
    // met; note then unmet; skip; met (sample 1's second); q.
    terminal.type('mnasked at once\ru')
    terminal.type('s')
    terminal.type('x')
    terminal.type('m')
    terminal.type('q')
    const run = await cli(['label'], dir, {}, terminal)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(terminal.rawModes).toEqual([true, false])
    const out = run.stdout
    expect(out).toContain('Labelling the judged conversations in test-results/results.json')
    expect(out).toContain('6 criteria to label in 3 conversations.')
    expect(out).toContain('refunds > asks first  test/refunds.test.ts · sample 1 of 2')
    expect(out).toContain('USER: I want a refund.\nASSISTANT: What is your order number?')
    expect(out).toContain('Criterion: The agent apologizes')
    expect(out).toContain('Judge:     unmet — No turn says sorry.')
    expect(out).toContain(
      '1 of 6 · 0 labelled · 0 skipped\nm met · u unmet · s skip · n note · q quit and save > ',
    )
    expect(out).toContain('Note (Enter keeps it, Escape cancels): asked at once')
    expect(out).toContain('4 of 6 · 2 labelled · 1 skipped')
    // The transcript of one conversation is printed once for its two criteria.
    expect(out.split('USER: I want a refund.')).toHaveLength(2)
    expect(out).toContain('Quit: 3 labelled, 1 skipped.')
    expect(out).toContain(`Saved 3 labels to ${REFUNDS} (3 in the file)`)
    expect(existsSync(join(dir, ORDERS))).toBe(false)
    const saved = readLabelsFile(join(dir, REFUNDS))
    expect(saved.file).toBe('test/refunds.test.ts')
    expect(saved.labels).toEqual([
      {
        test: 'refunds > asks first',
        sample: 0,
        outcome: 'polite',
        criterion: 'The agent apologizes',
        transcript: 'sha256:aaaaaaaaaaaaaaaa',
        verdict: 'unmet',
        note: 'asked at once',
      },
      {
        test: 'refunds > asks first',
        sample: 0,
        outcome: 'polite',
        criterion: 'The agent asks for the order number',
        transcript: 'sha256:aaaaaaaaaaaaaaaa',
        verdict: 'met',
      },
      {
        test: 'refunds > asks first',
        sample: 1,
        outcome: 'polite',
        criterion: 'The agent apologizes',
        transcript: 'sha256:bbbbbbbbbbbbbbbb',
        verdict: 'met',
      },
    ])

    // Again: the labelled criteria are left out and said so; --all walks them with their label.
    const again = fakeTerminal()
    again.type('q')
    const second = await cli(['label'], dir, {}, again)
    expect(second.stdout).toContain('3 criteria to label in 2 conversations.')
    expect(second.stdout).toContain(
      '3 criteria already labelled for the same conversation are left out; --all labels them again.',
    )
    expect(second.stdout).toContain('No labels to save.')
    const all = fakeTerminal()
    all.type('u\u0003')
    const third = await cli(['label', '--all'], dir, {}, all)
    expect(third.stdout).toContain('Labelled before: met.')
    expect(third.stdout).toContain(
      'Interrupted (Ctrl-C): the 1 label given is saved, nothing is lost.',
    )
    expect(readLabelsFile(join(dir, REFUNDS)).labels[1]).toMatchObject({ verdict: 'unmet' })
  })

  test('Escape cancels a note; Ctrl-C in a note saves what was labelled', async () => {
    const dir = project('escape')
    const terminal = fakeTerminal()
    terminal.type('nnope\u001bmntyping\u0003')
    const run = await cli(['label', '--file', 'orders'], dir, {}, terminal)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('(note cancelled)')
    expect(run.stdout).toContain('Interrupted (Ctrl-C)')
    expect(readLabelsFile(join(dir, ORDERS)).labels).toEqual([
      expect.not.objectContaining({ note: expect.anything() }),
    ])
    expect(existsSync(join(dir, REFUNDS))).toBe(false)
  })

  test('with every criterion labelled for the same conversation there is nothing to walk', async () => {
    const dir = project('all-done')
    const plan = labelItems(labelReport(), () => undefined)
    for (const [file, path] of [
      ['test/refunds.test.ts', REFUNDS],
      ['test/orders.test.ts', ORDERS],
    ] as const) {
      const labels = plan.items
        .filter((item) => item.file === file)
        .map((item) => labelOf(item, 'met'))
      writeLabelsFile(join(dir, path), { kind: LABELS_KIND, version: 1, file, labels })
    }
    const terminal = fakeTerminal()
    const run = await cli(['label'], dir, {}, terminal)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('0 criteria to label in 0 conversations.')
    expect(run.stdout).toContain(
      '6 criteria already labelled for the same conversation are left out; --all labels them again.',
    )
    expect(run.stdout).toContain('Nothing to label.')
    expect(terminal.rawModes).toEqual([])
  })

  test('files the label under the test’s project, and says the project', async () => {
    const report = labelReport()
    const orders = report.tests[1]
    if (orders === undefined) throw new Error('no orders test')
    orders.project = 'unit'
    const dir = project('project', report)
    const terminal = fakeTerminal()
    terminal.type('uq')
    const run = await cli(['label', '--file', 'orders'], dir, {}, terminal)
    expect(run.stdout).toContain('orders > late parcel  test/orders.test.ts · project unit\n')
    expect(readLabelsFile(join(dir, ORDERS)).labels).toEqual([
      expect.objectContaining({ project: 'unit', test: 'orders > late parcel', verdict: 'unmet' }),
    ])
  })

  test('shows each vote of a judge that voted (a report of judge(…, { votes }))', () => {
    const [item] = labelItems(labelReport(), () => undefined).items
    if (item === undefined) throw new Error('no item')
    const voted = {
      ...item,
      judge: {
        ...item.judge,
        votes: [{ verdict: 'met' }, { verdict: 'unmet' }, { verdict: 'met' }],
      },
    }
    expect(criterionScreen(voted, colors(false))).toContain(
      'Judge:     met — Turn 0: "What is your order number?"\n           votes: met, unmet, met\n',
    )
    expect(criterionScreen(item, colors(false))).not.toContain('votes')
  })

  test('a stale label is walked again and says the conversation changed', async () => {
    const dir = project('stale')
    writeText(
      join(dir, ORDERS),
      JSON.stringify({
        kind: 'vitest-scenario.labels',
        version: 1,
        file: 'test/orders.test.ts',
        labels: [
          {
            test: 'orders > late parcel',
            sample: 0,
            outcome: 'polite',
            criterion: 'The agent apologizes',
            transcript: 'sha256:0123456789abcdef',
            verdict: 'unmet',
            note: 'old',
          },
        ],
      }),
    )
    const terminal = fakeTerminal()
    terminal.type('smm')
    const run = await cli(['label', '--test', 'late'], dir, {}, terminal)
    expect(run.stdout).toContain(
      'The conversation changed since it was labelled; it was labelled unmet (old).',
    )
    expect(run.stdout).toContain('All 2 walked: 1 labelled, 1 skipped.')
    expect(readLabelsFile(join(dir, ORDERS)).labels).toEqual([
      expect.objectContaining({ transcript: 'sha256:cccccccccccccccc', verdict: 'met' }),
    ])
  })

  test('reads the report VITEST_SCENARIO_RESULTS names, or --results', async () => {
    const dir = freshProject('cli-label', 'env')
    writeText(join(dir, 'runs/one.json'), JSON.stringify(labelReport()))
    const terminal = fakeTerminal()
    terminal.type('q')
    const run = await cli(['label'], dir, { VITEST_SCENARIO_RESULTS: 'runs/one.json' }, terminal)
    expect(run.stdout).toContain('judged conversations in runs/one.json')
    const flag = fakeTerminal()
    flag.type('q')
    const given = await cli(['label', '--results', 'runs/one.json'], dir, {}, flag)
    expect(given.code).toBe(0)
  })

  test('without a terminal it refuses to start (exit 2)', async () => {
    const dir = project('no-tty')
    for (const stdin of [undefined, fakeTerminal(false)]) {
      const run = await cli(['label'], dir, {}, stdin)
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(
        /^\[vitest-scenario\] `vitest-scenario label` needs an interactive terminal/,
      )
      expect(run.stdout).toBe('')
    }
  })

  test('says what to do when there is nothing to label', async () => {
    const missing = freshProject('cli-label', 'missing')
    const none = await cli(['label'], missing, {}, fakeTerminal())
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('there is no such file')
    expect(none.stderr).toContain('Run the tests with a scenario reporter first')

    const unjudged = project('unjudged', reportOf([testOf({ test: 'plain' })]))
    const plain = await cli(['label'], unjudged, {}, fakeTerminal())
    expect(plain.code).toBe(2)
    expect(plain.stderr).toContain('No judged conversations in test-results/results.json')
    expect(plain.stderr).toContain('Add a `judge([...])` outcome')

    const report = labelReport()
    for (const entry of report.tests) {
      for (const run of entry.scenario.runs) {
        if (run.transcript !== undefined) delete run.transcript.text
      }
    }
    const noText = await cli(['label'], project('no-text', report), {}, fakeTerminal())
    expect(noText.code).toBe(2)
    expect(noText.stderr).toContain(
      'The 3 judged conversations in test-results/results.json kept no transcript text',
    )

    const filtered = await cli(
      ['label', '--test', 'nope', '--file', 'x'],
      project('filtered'),
      {},
      fakeTerminal(),
    )
    expect(filtered.code).toBe(2)
    expect(filtered.stderr).toContain("matches --file 'x' and --test 'nope'")

    const extra = await cli(['label', 'extra'], project('extra'), {}, fakeTerminal())
    expect(extra.code).toBe(2)
    expect(extra.stderr).toContain("takes no arguments besides its options; got 'extra'")
  })

  test('a broken labels file stops it before the walk (exit 2), untouched', async () => {
    const dir = project('broken')
    writeText(join(dir, REFUNDS), '[]')
    const run = await cli(['label'], dir, {}, fakeTerminal())
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('The labels in')
    expect(readFileSync(join(dir, REFUNDS), 'utf8')).toBe('[]')
  })

  test('the usage and the unknown-command hint name it', async () => {
    const help = await cli(['--help'], freshProject('cli-label', 'help'))
    expect(help.stdout).toContain('label [options]')
    expect(help.stdout).toContain('--all')
    const unknown = await cli(['lable'], freshProject('cli-label', 'unknown'))
    expect(unknown.stderr).toContain('`vitest-scenario label`')
  })
})
