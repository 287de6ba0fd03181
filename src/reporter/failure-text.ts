// A test's failure message as the reports keep it: whole, since what a reader needs is mostly
// past the first line (the subjects, details and fix of a library error; the criteria, transcript
// and diff of a failed matcher), but bounded, so that a runaway message cannot blow up a report.
// Vitest's and Jest's results both pass through here (collect-entries.ts).
import { formatCount } from './format.js'

/**
 * How many characters of one test error the reports keep. The library's own messages stay well
 * under it (its matchers bound their messages: 10 turns, 10 criteria, 10 calls); with 3 errors a
 * test this is the size of the conversation texts a scenario's meta keeps (`TEXT_BUDGET`).
 */
export const FAILURE_CLIP = 4_000

/**
 * `text` cut to `max` characters when it is longer, with a last line saying how many characters
 * were cut: `… 16,009 more characters not in the report`. Mask secrets before calling it: a key
 * cut in half would no longer be recognised.
 *
 * @example
 * boundedFailure('abcdef', 4) // 'abcd\n… 2 more characters not in the report'
 */
export function boundedFailure(text: string, max = FAILURE_CLIP): string {
  if (text.length <= max) return text
  // Never cut between the halves of a surrogate pair: a lone half is not valid text.
  const code = text.charCodeAt(max - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max
  return `${text.slice(0, end)}\n… ${formatCount(text.length - end)} more characters not in the report`
}
