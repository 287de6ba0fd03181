import type { FakeCheckRun, FakeComment, FakeRepository, FakeUser } from './types.js'

/** The human user seeded comments come from unless they say otherwise. */
export const OCTOCAT: FakeUser = { login: 'octocat', id: 583231, type: 'User' }

/** The user a workflow's `GITHUB_TOKEN` acts as. */
export const ACTIONS_BOT: FakeUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }

/** The comments and Check Runs of the repositories a fake API serves, changed by its requests. */
export class GithubStore {
  private readonly issues = new Map<string, Map<number, FakeComment[]>>()
  private readonly byId = new Map<number, { repository: string; issue: number }>()
  readonly checkRuns: FakeCheckRun[] = []
  private nextId = 1_000_001

  constructor(
    repositories: readonly FakeRepository[],
    private readonly apiUrl: string,
  ) {
    for (const { fullName, issues } of repositories) {
      const byIssue = new Map<number, FakeComment[]>()
      this.issues.set(fullName.toLowerCase(), byIssue)
      for (const [issue, seeds] of Object.entries(issues)) {
        byIssue.set(Number(issue), [])
        for (const seed of seeds)
          this.addComment(fullName, Number(issue), seed.body, seed.user ?? OCTOCAT)
      }
    }
  }

  /** Whether the token sees `owner/repo` (GitHub compares names without case). */
  hasRepository(repository: string): boolean {
    return this.issues.has(repository.toLowerCase())
  }

  /** The comments of an issue, oldest first, or `undefined` when there is no such issue. */
  comments(repository: string, issue: number): FakeComment[] | undefined {
    return this.issues.get(repository.toLowerCase())?.get(issue)
  }

  /** Adds a comment to an issue that exists. */
  addComment(repository: string, issue: number, body: string, user: FakeUser): FakeComment {
    const list = this.comments(repository, issue)
    if (list === undefined) throw new Error(`no issue ${repository}#${issue}`)
    const id = this.nextId++
    const now = new Date().toISOString()
    const comment: FakeComment = {
      id,
      node_id: `IC_fake${id}`,
      url: `${this.apiUrl}/repos/${repository}/issues/comments/${id}`,
      html_url: `https://github.com/${repository}/pull/${issue}#issuecomment-${id}`,
      issue_url: `${this.apiUrl}/repos/${repository}/issues/${issue}`,
      body,
      user,
      created_at: now,
      updated_at: now,
      author_association: user.type === 'Bot' ? 'NONE' : 'MEMBER',
    }
    list.push(comment)
    this.byId.set(id, { repository: repository.toLowerCase(), issue })
    return comment
  }

  /** The comment with `id` in `repository`, or `undefined`. */
  comment(repository: string, id: number): FakeComment | undefined {
    const place = this.byId.get(id)
    if (place === undefined || place.repository !== repository.toLowerCase()) return undefined
    return this.comments(place.repository, place.issue)?.find((c) => c.id === id)
  }

  /** Replaces a comment's body, as `PATCH …/issues/comments/{id}` does. */
  updateComment(repository: string, id: number, body: string): FakeComment | undefined {
    const place = this.byId.get(id)
    const list = place === undefined ? undefined : this.comments(place.repository, place.issue)
    const index = list?.findIndex((c) => c.id === id) ?? -1
    const old = list?.[index]
    if (list === undefined || old === undefined || place?.repository !== repository.toLowerCase()) {
      return undefined
    }
    const updated: FakeComment = { ...old, body, updated_at: new Date().toISOString() }
    list[index] = updated
    return updated
  }

  /** Records a Check Run from a validated request body. */
  addCheckRun(repository: string, body: Record<string, unknown>): FakeCheckRun {
    const id = this.nextId++
    const output = (body.output ?? {}) as Record<string, unknown>
    const conclusion = typeof body.conclusion === 'string' ? body.conclusion : null
    const status = conclusion !== null ? 'completed' : String(body.status ?? 'queued')
    const now = new Date().toISOString()
    const run: FakeCheckRun = {
      id,
      node_id: `CR_fake${id}`,
      url: `${this.apiUrl}/repos/${repository}/check-runs/${id}`,
      html_url: `https://github.com/${repository}/runs/${id}`,
      details_url: typeof body.details_url === 'string' ? body.details_url : null,
      head_sha: String(body.head_sha),
      name: String(body.name),
      status,
      conclusion,
      started_at: typeof body.started_at === 'string' ? body.started_at : now,
      completed_at: status === 'completed' ? now : null,
      output: {
        title: typeof output.title === 'string' ? output.title : null,
        summary: typeof output.summary === 'string' ? output.summary : null,
        text: typeof output.text === 'string' ? output.text : null,
        annotations_count: 0,
      },
      repository,
    }
    this.checkRuns.push(run)
    return run
  }
}
