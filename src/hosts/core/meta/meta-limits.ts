// The numbers the meta's writer (in the worker) and its schema (for readers) share, apart from the
// schema: the worker builds every test's meta without loading zod's schema of it, which only
// readers parse with.

/** The version of the `ScenarioMeta` shape; a reporter skips meta of another version. */
export const SCENARIO_META_VERSION = 1

/**
 * The longest string the meta holds (names and node ids; texts are clipped far shorter). The
 * reader refuses longer ones, so what the writer writes it always reads.
 */
export const MAX_META_STRING = 10_000

/**
 * The longest judged transcript the meta holds (`runs[i].transcript.text`): the labeller shows
 * it whole, so it has its own limit, far above the other texts'.
 */
export const MAX_TRANSCRIPT_TEXT = 40_000

/** The shape of a definition hash: `sha256:` and the first 16 hex digits of the digest. */
export const DEFINITION_HASH = /^sha256:[0-9a-f]{16}$/

/** The shape of a judged transcript's hash (`transcriptHash`), written as a definition hash is. */
export { TRANSCRIPT_HASH } from '../../../calibration/transcript-hash.js'
