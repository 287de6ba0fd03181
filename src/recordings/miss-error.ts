import { RecordingMissingError } from '../errors/index.js'
import { missReport, type RenameCandidate } from './miss-report.js'
import type { RecordedRequest } from './normalize-request.js'
import type { RecordedInteraction } from './recording-file.js'
import { maskSecrets } from './secrets.js'
import type { CheckedSessionOptions } from './session-options.js'

/** What a miss is reported with, besides the session's options. */
export interface Miss {
  /** Why no recorded answer fits (from `match`). */
  reason: string
  /** The call's place among the test's calls (0-based). */
  callIndex: number
  request: RecordedRequest
  /** The recorded interactions no call was handed yet: the diff is against the closest. */
  unused: readonly RecordedInteraction[]
  /** Recordings of the folder that may be this test's under an old name; `undefined`: none asked. */
  renameCandidates: RenameCandidate[] | undefined
  /** The keys this session's live calls carried. */
  liveKeys: ReadonlySet<string>
}

/** The `RecordingMissingError` of a call no recording answers, with the miss report. */
export function missError(options: CheckedSessionOptions, miss: Miss): RecordingMissingError {
  const { displayFile, mode, test, command, file } = options
  const report = missReport({
    file: displayFile,
    mode,
    test,
    reason: miss.reason,
    callIndex: miss.callIndex,
    request: miss.request,
    unused: miss.unused.map((i) => i.request),
    command,
    renameCandidates: miss.renameCandidates,
  })
  // The report quotes the request, which may carry the key this session saw: each part is
  // masked with it (the error masks the shapes and the process's known keys itself).
  const mask = (text: string) => maskSecrets(text, miss.liveKeys)
  const masked = {
    what: mask(report.what),
    subjects: report.subjects?.map(mask),
    details: report.details === undefined ? undefined : mask(report.details),
    fix: report.fix === undefined ? undefined : mask(report.fix),
  }
  return new RecordingMissingError(masked, { file, mode })
}
