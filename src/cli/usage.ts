// The bin's usage text: printed for `--help`, and after a message for an unknown command.

/** The usage of the `vitest-scenario` bin. */
export const USAGE = `Usage: vitest-scenario <command> [options]

Commands:
  compare [options]          Compare a candidate run with its baseline: writes compare.json,
                             compare.md and compare.html and prints the summary.
    --candidate <name>       The candidate to compare (default: the only candidate report).
    --report <results.json>  The run to compare instead of a candidate's: e.g. a pull
                             request's own run (default with --baseline and no candidate
                             report: <results>/results.json).
    --baseline <results.json>
                             The baseline's JSON report (default: replay the committed
                             recordings with the candidate run's own command).
    --results <dir>          Where the runs' JSON reports are (default: test-results).
    --out <dir>              Where the comparison goes (default: test-results).
    --fail-on-regressed <n>  Exit 1 when more than n tests regressed.
    --fail-on-worse          Exit 1 when a paired comparison over samples says worse.
    --fail-on-cost-increase <pct>
                             Exit 1 when the candidate costs more than pct % over the baseline.
    --no-color               Plain terminal text.
  merge <results.json | dir>... [--out <results.json>]
                             Merge the JSON reports of a sharded run's shards (a folder
                             stands for its results.json) into one report of the whole run
                             (default --out: test-results/results.json).
  promote <candidate> [--results <dir>]
                             Move the candidate's recordings over the baseline's, one file at a
                             time (each atomically), after the review.

Options:
  -h, --help                 This text.

Exit codes: 0 done, 1 a gate failed (compare), a file could not be moved (promote) or
written (merge), 2 bad usage or input.
`
