import type { CriterionVerdict } from '../state/types.js'

/** How many votes gave each verdict. */
export interface VoteTally {
  met: number
  unmet: number
  inconclusive: number
}

/** The votes counted by verdict. */
export function tallyVotes(votes: readonly CriterionVerdict[]): VoteTally {
  const tally: VoteTally = { met: 0, unmet: 0, inconclusive: 0 }
  for (const verdict of votes) tally[verdict]++
  return tally
}

/**
 * The verdict of a criterion judged several times: `met` when more than half the votes are met,
 * `unmet` when more than half are unmet, else `inconclusive`. A split judge has not decided, so
 * no majority is never a pass or a fail.
 *
 * @example
 * majorityVerdict(['met', 'unmet', 'met']) // 'met'
 * majorityVerdict(['met', 'unmet', 'inconclusive']) // 'inconclusive'
 */
export function majorityVerdict(votes: readonly CriterionVerdict[]): CriterionVerdict {
  const tally = tallyVotes(votes)
  if (tally.met * 2 > votes.length) return 'met'
  if (tally.unmet * 2 > votes.length) return 'unmet'
  return 'inconclusive'
}

/**
 * Whether more than half the votes gave `verdict`: the criterion's verdict was decided by a
 * majority, not by the lack of one.
 */
export function hasMajority(
  verdict: CriterionVerdict,
  votes: readonly CriterionVerdict[],
): boolean {
  return tallyVotes(votes)[verdict] * 2 > votes.length
}

/**
 * The tally as reports show it beside a criterion's verdict: `2 of 3 votes` when a majority gave
 * the verdict, else `no majority: met 1, unmet 1, inconclusive 1`. `undefined` for fewer than two
 * votes (one vote is the judge asked once: nothing to tally).
 *
 * @example
 * voteTallyText('met', ['met', 'unmet', 'met']) // '2 of 3 votes'
 */
export function voteTallyText(
  verdict: CriterionVerdict,
  votes: readonly CriterionVerdict[] | undefined,
): string | undefined {
  if (votes === undefined || votes.length < 2) return undefined
  const tally = tallyVotes(votes)
  if (tally[verdict] * 2 > votes.length) return `${tally[verdict]} of ${votes.length} votes`
  return `no majority: met ${tally.met}, unmet ${tally.unmet}, inconclusive ${tally.inconclusive}`
}

/**
 * What reports write beside a criterion whose votes disagree: its verdict and the tally, e.g.
 * `met (2 of 3 votes)` or `inconclusive (no majority: met 1, unmet 1, inconclusive 1)`.
 * `undefined` when the votes agree (or there are fewer than two): nothing to point out.
 */
export function splitVoteNote(
  verdict: CriterionVerdict,
  votes: readonly CriterionVerdict[] | undefined,
): string | undefined {
  if (votes === undefined || votes.every((v) => v === votes[0])) return undefined
  const tally = voteTallyText(verdict, votes)
  return tally === undefined ? undefined : `${verdict} (${tally})`
}
