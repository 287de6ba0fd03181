import { ScenarioError } from '../errors/scenario-error.js'

/** Which report could not be written, as messages name it. */
export type ReportKind = 'Markdown report' | 'HTML report' | 'JSON report' | 'GitHub step summary'

/**
 * A scenario report could not be written: a read-only folder, a path whose parent is a file, a
 * full disk, an unwritable `GITHUB_STEP_SUMMARY`. The reporter prints it on stderr and writes the
 * other reports; the run's result stays what the tests made it (a report is not a test).
 */
export class ReportWriteError extends ScenarioError {
  override name = 'ReportWriteError'
  /** The file that could not be written, as an absolute path. */
  readonly file: string
  /** The file system's error code, e.g. `ENOTDIR`, when it gave one. */
  readonly reason: string | undefined

  constructor(kind: ReportKind, file: string, cause: unknown, fix: string) {
    const reason = errorCode(cause)
    super(
      'report_failed',
      {
        what: `Could not write the ${kind} (${describeCause(reason, cause)}); the test results are unaffected`,
        subjects: [`file: ${file}`],
        fix,
      },
      { cause },
    )
    this.file = file
    this.reason = reason
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  // mkdir's word for the same: a file stands where a folder of the path should be.
  EEXIST: 'a part of the path is a file, not a folder',
  EISDIR: 'the path is a folder',
  EACCES: 'no permission to write there',
  EPERM: 'no permission to write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the path is too long',
}

function errorCode(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function describeCause(code: string | undefined, cause: unknown): string {
  const known = code === undefined ? undefined : REASONS[code]
  if (code !== undefined && known !== undefined) return `${code}: ${known}`
  return cause instanceof Error ? cause.message : String(cause)
}
