/** The endpoints the fake GitHub API answers, by the names scripted failures use. */
export type GithubRoute = 'list-comments' | 'create-comment' | 'update-comment' | 'create-check-run'

/** A user as GitHub shows it on a comment. */
export interface FakeUser {
  readonly login: string
  readonly id: number
  readonly type: 'User' | 'Bot'
}

/** A comment the server holds, as `GET …/issues/{n}/comments` returns it (the fields read here). */
export interface FakeComment {
  readonly id: number
  readonly node_id: string
  readonly url: string
  readonly html_url: string
  readonly issue_url: string
  readonly body: string
  readonly user: FakeUser
  readonly created_at: string
  readonly updated_at: string
  readonly author_association: string
}

/** A Check Run the server created, as `POST /repos/{o}/{r}/check-runs` answered it. */
export interface FakeCheckRun {
  readonly id: number
  readonly node_id: string
  readonly url: string
  readonly html_url: string
  readonly details_url: string | null
  readonly head_sha: string
  readonly name: string
  readonly status: string
  readonly conclusion: string | null
  readonly started_at: string
  readonly completed_at: string | null
  readonly output: {
    readonly title: string | null
    readonly summary: string | null
    readonly text: string | null
    readonly annotations_count: number
  }
  /** The owner/repo it was created in. */
  readonly repository: string
}

/** A pull request's existing comment, seeded before the test (another user's, or an old one). */
export interface SeedComment {
  readonly body: string
  /** Default: a human user `octocat`. */
  readonly user?: FakeUser
}

/** A repository the token can see, with its issues and pull requests by number. */
export interface FakeRepository {
  /** `owner/repo`. */
  readonly fullName: string
  /** The numbers of its issues and pull requests, each with the comments it starts with. */
  readonly issues: Readonly<Record<number, readonly SeedComment[]>>
}

/**
 * One scripted answer in place of the real one: a status with headers and body, a dropped
 * connection, or the normal answer late.
 */
export type ScriptedFailure =
  | {
      readonly status: number
      readonly headers?: Readonly<Record<string, string>>
      /** Sent as JSON; default GitHub's error shape with the status text as `message`. */
      readonly body?: unknown
    }
  | {
      /** Closes the connection without an answer (a network error on the client's side). */
      readonly drop: true
    }
  | {
      /** Answers normally, but only after this many ms (a slow or stalled GitHub). */
      readonly delayMs: number
    }

/** What `startGithubApi` takes. */
export interface GithubApiOptions {
  /** The one token the server accepts, as `Authorization: Bearer <token>` or `token <token>`. */
  readonly token: string
  /** The repositories the token sees. */
  readonly repositories: readonly FakeRepository[]
  /**
   * A path the API sits under, as on GitHub Enterprise Server (`/api/v3`); default none, as
   * `api.github.com`. Every route answers only under it.
   */
  readonly basePath?: string
  /**
   * When set, a created or updated comment whose first line is not a hidden marker matching this
   * pattern is refused with 422, so a test sees a missing or misspelt marker as a failure.
   */
  readonly marker?: RegExp
  /** The user the token acts as (default the Actions bot, `github-actions[bot]`). */
  readonly tokenUser?: FakeUser
}

/** One request the server received, credentials left out. */
export interface RecordedGithubRequest {
  readonly method: string
  /** The path without the base path and the query. */
  readonly path: string
  /** The query string without `?`. */
  readonly query: string
  /** The route it matched, or `undefined` for an unknown path. */
  readonly route: GithubRoute | undefined
  /** Lower-case headers; `authorization` is never kept. */
  readonly headers: Readonly<Record<string, string>>
  /** The JSON body parsed, the raw text when not JSON, `undefined` when empty. */
  readonly body: unknown
  /** When it arrived, `performance.now()` of the test process, in ms. */
  readonly time: number
  /** The status the server answered (0 for a dropped connection). */
  readonly status: number
}

/** A started fake GitHub API on 127.0.0.1. */
export interface GithubApi {
  /** The API's URL, what `GITHUB_API_URL` holds (base path included, no trailing slash). */
  readonly url: string
  /** Every request so far, in order. */
  readonly requests: readonly RecordedGithubRequest[]
  /** The comments of `owner/repo`'s issue `issue`, oldest first. */
  comments(fullName: string, issue: number): readonly FakeComment[]
  /** Every Check Run created, oldest first. */
  readonly checkRuns: readonly FakeCheckRun[]
  /** Answers the next requests to `route` with `failures`, one each, before answering normally. */
  failNext(route: GithubRoute, failures: readonly ScriptedFailure[]): void
  /** Stops the server, dropping open connections. */
  close(): Promise<void>
}
