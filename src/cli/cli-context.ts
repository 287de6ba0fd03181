// What a command of the `vitest-scenario` bin runs against: the working directory, the
// environment and the two output streams. The bin passes the process's own; tests pass theirs, so
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
}

/** What a command ends with: the process's exit code. 0 ok, 1 a gate or an operation failed, 2 bad usage or input. */
export type ExitCode = 0 | 1 | 2
