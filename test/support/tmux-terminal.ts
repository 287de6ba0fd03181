// A real terminal for tests: a tmux server of its own (its own socket) with one 120×40 pane
// running a command; keys typed with `tmux send-keys`, the screen read with `tmux capture-pane`.
// The labeller's terminal test uses it (test/cli/label-terminal.test.ts).
import { spawnSync } from 'node:child_process'

/** Whether tmux is installed here. */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0

/** One tmux server of its own (its own socket), with one pane running a command. */
export class Terminal {
  readonly socket = `vitest-scenario-label-${process.pid}-${Math.random().toString(36).slice(2, 8)}`

  /** Runs a tmux command on this server; throws with its stderr when it fails. */
  tmux(...args: string[]): string {
    const run = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${run.stderr}`)
    return run.stdout
  }

  /**
   * Starts `node <argv>` in `cwd` (colours forced on); the pane stays after it exits, its last
   * line `[exit <code>]`.
   */
  start(cwd: string, argv: string[]): void {
    const command = [process.execPath, ...argv].map(quote).join(' ')
    this.tmux(
      'new-session',
      '-d',
      '-x',
      '120',
      '-y',
      '40',
      '-c',
      cwd,
      '-e',
      'FORCE_COLOR=1',
      `${command}; echo "[exit $?]"; sleep 600`,
    )
  }

  /** Presses keys by tmux's names (`m`, `Enter`, `C-c`, `Escape`). */
  press(...keys: string[]): void {
    this.tmux('send-keys', ...keys)
  }

  /** Types text literally. */
  type(text: string): void {
    this.tmux('send-keys', '-l', text)
  }

  /** The whole pane, scrollback included, wrapped lines joined; `escapes` keeps the colours. */
  screen(escapes = false): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-', ...(escapes ? ['-e'] : []))
  }

  /** Waits until the pane shows `text` (up to 15 s); returns the screen. */
  async waitFor(text: string): Promise<string> {
    const until = Date.now() + 15_000
    let screen = ''
    while (Date.now() < until) {
      screen = this.screen()
      if (screen.includes(text)) return screen
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`The terminal never showed ${JSON.stringify(text)}; it shows:\n${screen}`)
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'])
  }
}

/** `word` quoted for the shell. */
export function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}
