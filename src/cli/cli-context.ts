// What a command of the `vitest-scenario` bin runs against: the working directory, the
// environment, the two output streams and, for the interactive `label`, the input stream. The bin passes the process's own; tests pass theirs, so
// a command runs in a test process without touching `process`.

/** The surroundings of one command of the bin. */
export interface CliContext {
  /** The working directory: the project root that relative paths and defaults start from. */
  cwd: string
  /** The environment the command reads and the baseline replay inherits. */
  env: NodeJS.ProcessEnv
  /** Writes text (lines end with `\n`) to standard output. */
  stdout: (text: string) => void
  /** Writes text (lines end with `\n`) to standard error. */
  stderr: (text: string) => void
  /** Whether the terminal text may use ANSI colours. */
  colors: boolean
  /**
   * The input stream keys come from (`process.stdin` in the bin): only `label` reads it, in raw
   * mode, and refuses to start when it is not a terminal. Absent: no input (as a pipe would be).
   */
  stdin?: CliInput | undefined
}

/** The part of a terminal's input stream (`tty.ReadStream`) `label` reads keys from. */
export interface CliInput {
  /** Set when the stream is a terminal. */
  readonly isTTY?: boolean | undefined
  /** Turns the terminal's raw mode on or off: keys arrive one by one, Ctrl-C as a byte. */
  setRawMode?: ((raw: boolean) => unknown) | undefined
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown
  on(event: 'end', listener: () => void): unknown
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown
  off(event: 'end', listener: () => void): unknown
  resume(): unknown
  pause(): unknown
}

/** What a command ends with: the process's exit code. 0 ok, 1 a gate or an operation failed, 2 bad usage or input. */
export type ExitCode = 0 | 1 | 2
