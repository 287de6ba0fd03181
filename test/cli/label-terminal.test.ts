import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { readLabelsFile } from '../../src/calibration/labels-file.js'
import { hasTmux, quote, Terminal } from '../support/tmux-terminal.js'
import { BIN } from './cli-context.js'
import { freshProject, writeText } from './cli-files.js'
import { labelReport } from './label-fixtures.js'

// `vitest-scenario label` in a real terminal: the built bin runs in a tmux pane (120×40) on a
// project with a run's results.json; keys are typed with `tmux send-keys` and the screen is read
// back with `tmux capture-pane`, so raw mode, the echo, Ctrl-C as a key and the saved labels files
// are what a person at a terminal gets. The screens and keys in detail are label-cli.test.ts.

const inCI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'

const REFUNDS = 'test/__labels__/refunds.test.ts.labels.json'

const terminals: Terminal[] = []
afterEach(() => {
  for (const terminal of terminals.splice(0)) terminal.kill()
})

test('tmux is there to drive a real terminal (CI must have it)', (context) => {
  if (!hasTmux && !inCI) {
    context.skip(
      'tmux is not installed: the labeller’s terminal test needs it (apt-get install tmux)',
    )
  }
  expect(hasTmux, 'tmux is missing in CI: .ci/run installs it').toBe(true)
})

describe.skipIf(!hasTmux)('label in a real terminal (tmux)', () => {
  test('labels, skips, notes and quits; a second session interrupted by Ctrl-C keeps every label', async () => {
    const dir = freshProject('cli-label-terminal', 'session')
    writeText(join(dir, 'test-results/results.json'), JSON.stringify(labelReport()))

    const first = new Terminal()
    terminals.push(first)
    first.start(dir, [BIN, 'label'])
    let screen = await first.waitFor('1 of 6 · 0 labelled · 0 skipped')
    expect(screen).toContain('Labelling the judged conversations in test-results/results.json')
    expect(screen).toContain('6 criteria to label in 3 conversations.')
    expect(screen).toContain('refunds > asks first  test/refunds.test.ts · sample 1 of 2')
    expect(screen).toContain('USER: I want a refund.\nASSISTANT: What is your order number?')
    expect(screen).toContain('Outcome:   polite')
    expect(screen).toContain('Criterion: The agent asks for the order number')
    expect(screen).toContain('Judge:     met — Turn 0: "What is your order number?"')
    expect(screen).toContain('m met · u unmet · s skip · n note · q quit and save >')
    // FORCE_COLOR: the verdict is green in the terminal.
    expect(first.screen(true)).toContain('\u001b[32mmet')

    first.press('m')
    screen = await first.waitFor('2 of 6 · 1 labelled · 0 skipped')
    expect(screen).toContain('Judge:     unmet — No turn says sorry.')
    // The same conversation's next criterion: its transcript is not printed again.
    expect(screen.split('USER: I want a refund.')).toHaveLength(2)

    first.press('n')
    await first.waitFor('Note (Enter keeps it, Escape cancels): ')
    first.type('no apology, but polite')
    await first.waitFor('Escape cancels): no apology, but polite')
    first.press('Enter')
    await first.waitFor('Note: no apology, but polite')
    first.press('u')
    screen = await first.waitFor('3 of 6 · 2 labelled · 0 skipped')
    expect(screen).toContain('USER: Refund please.\nASSISTANT: Sure, which order?')
    expect(screen).toContain('sample 2 of 2')

    first.press('s')
    await first.waitFor('4 of 6 · 2 labelled · 1 skipped')
    first.press('u')
    screen = await first.waitFor('5 of 6 · 3 labelled · 1 skipped')
    expect(screen).toContain('orders > late parcel  test/orders.test.ts')
    expect(screen).toContain('USER: Where is my parcel?')
    first.press('q')
    screen = await first.waitFor('[exit 0]')
    expect(screen).toContain('Quit: 3 labelled, 1 skipped.')
    expect(screen).toContain(`Saved 3 labels to ${REFUNDS} (3 in the file)`)

    const saved = readLabelsFile(join(dir, REFUNDS))
    const key = (sample: number, criterion: string) => ({
      test: 'refunds > asks first',
      sample,
      outcome: 'polite',
      criterion,
      transcript: sample === 0 ? 'sha256:aaaaaaaaaaaaaaaa' : 'sha256:bbbbbbbbbbbbbbbb',
    })
    // Sorted by test, sample, outcome, criterion ('apologizes' before 'asks').
    expect(saved).toEqual({
      kind: 'vitest-scenario.labels',
      version: 1,
      file: 'test/refunds.test.ts',
      labels: [
        {
          ...key(0, 'The agent apologizes'),
          verdict: 'unmet',
          note: 'no apology, but polite',
        },
        { ...key(0, 'The agent asks for the order number'), verdict: 'met' },
        { ...key(1, 'The agent apologizes'), verdict: 'unmet' },
      ],
    })
    const text = readFileSync(join(dir, REFUNDS), 'utf8')
    expect(text).toBe(`${JSON.stringify(saved, null, 2)}\n`)

    // Again: the three labelled criteria are left out; label one, then Ctrl-C mid-way.
    const second = new Terminal()
    terminals.push(second)
    second.start(dir, [BIN, 'label'])
    screen = await second.waitFor('1 of 3 · 0 labelled · 0 skipped')
    expect(screen).toContain(
      '3 criteria already labelled for the same conversation are left out; --all labels them again.',
    )
    expect(screen).toContain('Criterion: The agent asks for the order number')
    expect(screen).toContain('sample 2 of 2')
    second.press('m')
    await second.waitFor('2 of 3 · 1 labelled · 0 skipped')
    second.press('C-c')
    screen = await second.waitFor('[exit 0]')
    expect(screen).toContain('Interrupted (Ctrl-C): the 1 label given is saved, nothing is lost.')
    expect(screen).toContain(`Saved 1 label to ${REFUNDS} (4 in the file)`)
    const after = readLabelsFile(join(dir, REFUNDS))
    expect(after.labels).toEqual([
      ...saved.labels,
      { ...key(1, 'The agent asks for the order number'), verdict: 'met' },
    ])
  })

  test('refuses to start when its input is not a terminal, even inside one', async () => {
    const dir = freshProject('cli-label-terminal', 'piped')
    writeText(join(dir, 'test-results/results.json'), JSON.stringify(labelReport()))
    const terminal = new Terminal()
    terminals.push(terminal)
    const command = [process.execPath, BIN, 'label'].map(quote).join(' ')
    terminal.tmux(
      'new-session',
      '-d',
      '-x',
      '120',
      '-y',
      '40',
      '-c',
      dir,
      `echo | ${command}; echo "[exit $?]"; sleep 600`,
    )
    const screen = await terminal.waitFor('[exit 2]')
    expect(screen).toContain(
      '[vitest-scenario] `vitest-scenario label` needs an interactive terminal',
    )
  })
})
