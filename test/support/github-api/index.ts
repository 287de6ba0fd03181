export { secondaryRateLimitBody } from './github-json.js'
export { ACTIONS_BOT, OCTOCAT } from './github-store.js'
export { startGithubApi } from './start-github-api.js'
export type {
  FakeCheckRun,
  FakeComment,
  FakeRepository,
  FakeUser,
  GithubApi,
  GithubApiOptions,
  GithubRoute,
  RecordedGithubRequest,
  ScriptedFailure,
  SeedComment,
} from './types.js'
export { MAX_CHECK_OUTPUT, MAX_COMMENT_BODY } from './validate-payload.js'
