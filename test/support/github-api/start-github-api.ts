import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'
import { listenOnLoopback } from '../scripted-http/listen.js'
import { readHttpRequest } from '../scripted-http/read-request.js'
import { sendBody } from '../scripted-http/send.js'
import { errorBody, scriptedBody, standardHeaders, validationBody } from './github-json.js'
import { ACTIONS_BOT, GithubStore } from './github-store.js'
import { linkHeader, type MatchedRoute, matchRoute, pageOf } from './routes.js'
import type {
  GithubApi,
  GithubApiOptions,
  GithubRoute,
  RecordedGithubRequest,
  ScriptedFailure,
} from './types.js'
import { checkRunProblems, commentProblems } from './validate-payload.js'

/** An answer before it is sent. */
interface Reply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** The API versions GitHub accepts in `X-GitHub-Api-Version`. */
const API_VERSIONS = ['2022-11-28', '2026-03-10']

/**
 * Starts a fake GitHub REST API on 127.0.0.1 that speaks the endpoints the review posts through,
 * as GitHub answers them: issue comments listed (paged, with `Link` headers), created and
 * updated, Check Runs created. It checks the token (401 with GitHub's body when missing or
 * wrong), the repository and issue (404), the payloads (422 listing what is wrong) and, when
 * `marker` is given, that a comment starts with its hidden marker. Every request is recorded
 * without its `authorization` header; `failNext` scripts failures (5xx, rate limits, dropped
 * connections, late answers) ahead of the normal answers.
 */
export async function startGithubApi(options: GithubApiOptions): Promise<GithubApi> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  const requests: RecordedGithubRequest[] = []
  const scripted = new Map<GithubRoute, ScriptedFailure[]>()
  const user = options.tokenUser ?? ACTIONS_BOT
  // The store needs the URL for the `url` fields it writes; the port is known once listening.
  let store: GithubStore | undefined

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const time = performance.now()
    const parts = await readHttpRequest(request, new Set(['authorization']))
    const { authorization: _, ...headers } = parts.headers
    const underBase = parts.path.startsWith(`${basePath}/`)
    const path = underBase ? parts.path.slice(basePath.length) : parts.path
    const matched = underBase ? matchRoute(parts.method, path) : undefined
    const record = (status: number) =>
      requests.push({
        method: parts.method,
        path,
        query: parts.query,
        route: matched?.route,
        headers,
        body: parts.body,
        time,
        status,
      })
    const failure = matched === undefined ? undefined : scripted.get(matched.route)?.shift()
    if (failure !== undefined && 'drop' in failure) {
      record(0)
      request.socket.destroy()
      return
    }
    if (failure !== undefined && 'delayMs' in failure) {
      await delay(failure.delayMs)
      // The client may have given up meanwhile; the request still counts as answered late.
      if (response.destroyed) {
        record(0)
        return
      }
    }
    const reply: Reply =
      failure !== undefined && 'status' in failure
        ? {
            status: failure.status,
            body: failure.body ?? scriptedBody(failure.status),
            headers: { ...failure.headers },
          }
        : answer(request, parts.query, parts.body, matched)
    record(reply.status)
    sendBody(response, reply.status, reply.body, {
      'content-type': 'application/json; charset=utf-8',
      ...standardHeaders(),
      ...reply.headers,
    })
  }

  /** The normal answer: credentials, version, route, then the route's own checks. */
  const answer = (
    request: IncomingMessage,
    query: string,
    body: unknown,
    matched: MatchedRoute | undefined,
  ): Reply => {
    const credential = /^(?:Bearer|token)\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]
    if (credential === undefined) {
      return { status: 401, body: errorBody(401, 'Requires authentication') }
    }
    if (credential !== options.token)
      return { status: 401, body: errorBody(401, 'Bad credentials') }
    const version = request.headers['x-github-api-version']
    if (typeof version === 'string' && !API_VERSIONS.includes(version)) {
      return { status: 400, body: errorBody(400, `API version '${version}' is not supported.`) }
    }
    if (matched === undefined || store === undefined || !store.hasRepository(matched.repository)) {
      return { status: 404, body: errorBody(404, 'Not Found') }
    }
    return routeAnswer(store, matched, query, body)
  }

  const routeAnswer = (
    into: GithubStore,
    matched: MatchedRoute,
    query: string,
    body: unknown,
  ): Reply => {
    const { route, repository, number = 0 } = matched
    const notFound = { status: 404, body: errorBody(404, 'Not Found') }
    if (route === 'list-comments') {
      const all = into.comments(repository, number)
      if (all === undefined) return notFound
      const { perPage, page } = pageOf(query)
      const pages = Math.max(1, Math.ceil(all.length / perPage))
      const link = linkHeader(
        `${url}/repos/${repository}/issues/${number}/comments`,
        query,
        page,
        pages,
      )
      return {
        status: 200,
        body: all.slice((page - 1) * perPage, page * perPage),
        ...(link === undefined ? {} : { headers: { link } }),
      }
    }
    if (route === 'create-check-run') {
      const problems = checkRunProblems(body)
      if (problems.length > 0) return { status: 422, body: validationBody(problems) }
      return { status: 201, body: into.addCheckRun(repository, body as Record<string, unknown>) }
    }
    const problems = commentProblems(body, options.marker)
    if (route === 'create-comment') {
      if (into.comments(repository, number) === undefined) return notFound
      if (problems.length > 0) return { status: 422, body: validationBody(problems) }
      const text = (body as { body: string }).body
      const created = into.addComment(repository, number, text, user)
      return { status: 201, body: created, headers: { location: created.url } }
    }
    const existing = into.comment(repository, number)
    if (existing === undefined) return notFound
    if (existing.user.id !== user.id) {
      // A workflow token may not edit another user's comment.
      return { status: 403, body: errorBody(403, 'Resource not accessible by integration') }
    }
    if (problems.length > 0) return { status: 422, body: validationBody(problems) }
    return {
      status: 200,
      body: into.updateComment(repository, number, (body as { body: string }).body),
    }
  }

  const listener = await listenOnLoopback(handle)
  const url = `http://127.0.0.1:${listener.port}${basePath}`
  const ready = new GithubStore(options.repositories, url)
  store = ready
  return {
    url,
    requests,
    get checkRuns() {
      return ready.checkRuns
    },
    comments: (fullName, issue) => [...(ready.comments(fullName, issue) ?? [])],
    failNext(route, failures) {
      scripted.set(route, [...(scripted.get(route) ?? []), ...failures])
    },
    close: () => listener.close(),
  }
}
