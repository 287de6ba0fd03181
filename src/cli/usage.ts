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
  github [options]           Compare this run with the base branch's and post the result to the
                             pull request: one sticky comment and a Check Run on its head commit
                             (needs GITHUB_TOKEN and GitHub Actions' environment).
    --baseline <results.json>
                             The base branch's report (default:
                             test-results/baseline/results.json); missing: the check is neutral.
    --report <results.json>  This run's report (default: test-results/results.json).
    --suite <name>           Names the comment and the Check Run (one of each per suite).
    --out <dir>              Where the comparison goes (default: test-results).
    --baseline-max-age-days <n>
                             An older baseline makes the check neutral (default: 7).
    --fail-on-regressed <n>, --fail-on-worse, --fail-on-cost-increase <pct>
                             As for compare: a failed gate makes the check fail.
    --dry-run                Print the comment and the check; post nothing (no token needed).
    --no-color               Plain terminal text.
  label [options]            Label the criteria the last run's conversation judges decided, in
                             an interactive terminal: each transcript, criterion, the judge's
                             verdict and reasoning; keys m met, u unmet, s skip, n note, q quit
                             and save (Ctrl-C saves too). Writes __labels__/<file>.labels.json
                             beside each test file.
    --results <results.json> The run's report (default: $VITEST_SCENARIO_RESULTS, else
                             test-results/results.json).
    --file <text>            Only test files whose path contains text.
    --test <text>            Only tests whose full name contains text.
    --all                    Label again criteria already labelled for the same conversation.
  merge <results.json | dir>... [--out <results.json>]
                             Merge the JSON reports of a sharded run's shards (a folder
                             stands for its results.json) into one report of the whole run
                             (default --out: test-results/results.json).
  promote <candidate> [--results <dir>]
                             Move the candidate's recordings over the baseline's, one file at a
                             time (each atomically), after the review.

Options:
  -h, --help                 This text.

Exit codes: 0 done, 1 a gate failed (compare, github), GitHub refused (github), a file could
not be moved (promote) or written (merge, label), 2 bad usage or input.
`
