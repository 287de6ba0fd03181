import type { MessageParts } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/** What the network errors name: the request that was refused and the test that made it. */
export interface RefusedRequest {
  /** The HTTP method (`GET`, `POST`, …). */
  method: string
  /** The request's URL, with user-info and credential query parameters masked. */
  url: string
  /** The test's full name, as the host names it. */
  test: string
}

/**
 * A test running in `replay` mode sent an HTTP(S) request that no recording answered to a host
 * `allowNetwork` does not allow (an SDK's default client, a guardrail's nested run, a `fetch` the
 * test never routed through a recording). The request is refused before any connection; the
 * caller gets this error (or a `TypeError: fetch failed` with it as `cause`) and the test fails
 * with it even when the app swallowed it.
 */
export class NetworkBlockedError extends ScenarioError {
  override name = 'NetworkBlockedError'
  /** The HTTP method of the refused request. */
  readonly method: string
  /** The refused request's URL, credentials masked. */
  readonly url: string
  /** The test that sent it. */
  readonly test: string

  constructor(parts: MessageParts, request: RefusedRequest) {
    super('network_blocked', parts)
    this.method = request.method
    this.url = request.url
    this.test = request.test
  }
}

/**
 * While recording (`new`, `all`, `rerecord`), a test sent a request that looks like a model call
 * (a known provider's host, or a path such as `/chat/completions`) past its recording, to a host
 * `allowNetwork` does not allow: replayed in CI it would be refused (`network_blocked`). It is
 * refused now too, so nothing unrecorded is paid for, and the test fails with it.
 */
export class UnrecordedCallError extends ScenarioError {
  override name = 'UnrecordedCallError'
  /** The HTTP method of the refused request. */
  readonly method: string
  /** The refused request's URL, credentials masked. */
  readonly url: string
  /** The test that sent it. */
  readonly test: string

  constructor(parts: MessageParts, request: RefusedRequest) {
    super('unrecorded_call', parts)
    this.method = request.method
    this.url = request.url
    this.test = request.test
  }
}
