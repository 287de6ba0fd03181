// The key a human label is filed under: a short hash of the transcript the judge read. A label
// is a verdict on one conversation; when the conversation changes, so does its hash, and the
// label goes stale instead of silently grading another conversation.
import { createHash } from 'node:crypto'

/** The shape of a transcript hash: `sha256:` and the first 16 hex digits of the digest. */
export const TRANSCRIPT_HASH = /^sha256:[0-9a-f]{16}$/

/**
 * The hash of a judged transcript's text (as `renderTranscript` writes it), `'sha256:<16 hex>'`:
 * the first 64 bits of its SHA-256, as the definition hash is written. Equal texts, equal hashes.
 *
 * @example
 * transcriptHash(renderTranscript(result)) // 'sha256:9b0e4c1f27a3d855'
 */
export function transcriptHash(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16)}`
}
