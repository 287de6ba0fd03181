// The seal of a test's network (see docs/design.md, "The seal"). While a host's test runs in a
// recording mode, every outbound HTTP(S) request passes `refusal()`: in `replay` a request no
// recording answered, to a host `allowNetwork` does not allow, is refused with
// `NetworkBlockedError`; while recording, such a request that looks like a model call is refused
// with `UnrecordedCallError`. Each refusal is thrown to the caller and kept for the test, which
// fails with it even when the app swallowed the error.
//
// Three ways out of the process are watched, for the tests' duration only:
// - `globalThis.fetch` and `node:http`/`node:https` (`request`, `get`, `ClientRequest`, any
//   agent), through @mswjs/interceptors' `FetchInterceptor` and `ClientRequestInterceptor`; after
//   they patch `http`/`https`, `syncBuiltinESMExports()` makes `import { request } from
//   'node:http'` see the patch too.
// - `fetch` references taken before the seal was installed (the openai SDK keeps the `fetch` it
//   found when a client was built, often at a test file's top level, before any test started):
//   Node's `fetch` asks undici's global dispatcher (`Symbol.for('undici.globalDispatcher.1')`) for
//   every request, so the seal swaps it for a refusing wrapper while a test runs. Keeping the
//   fetch interceptor applied for the whole worker instead would not catch a reference taken
//   before the setup file ran, and would outlive the tests it guards.
//
// Installed when a sealed test starts and removed when the last one running ends (tests of
// `test.concurrent` share one installation), or, when the host says the next sealed test follows
// with no hook between, once the worker is idle: consecutive tests of a suite share it too. Each
// request is judged for the test whose async context sent it, or the one test running when the
// context tells none; between tests every request passes.
//
// @mswjs/interceptors is imported when the first test is sealed, not with this module: a test
// file pays for it (and for Node's undici, which its fetch interceptor loads) only when it runs a
// sealed test. Only its two interceptor subpaths are loaded, never its main entry.
import { AsyncLocalStorage } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'
// Node's own timers, not the global ones: a test's fake timers must not hold the removal back.
import { clearImmediate, setImmediate } from 'node:timers'
import { runInThisContext } from 'node:vm'
import { NetworkBlockedError, UnrecordedCallError } from '../errors/index.js'
import type { RecordingMode } from '../recordings/mode.js'
import { type AllowList, allowList, hostAllowed } from './allow-network.js'
import { isLiveSend } from './live-send.js'
import { maskedUrl } from './masked-url.js'
import { looksLikeModelCall } from './model-call.js'

/** One test under the seal: what decides its requests, and the refusals it fails with. */
export interface SealedTest {
  /** The test's full name, as messages name it. */
  readonly name: string
  /** Its recording mode: `replay` refuses every request that is not allowed. */
  readonly mode: Exclude<RecordingMode, 'off'>
  /** The hosts it may reach. */
  readonly allow: AllowList
  /** The host's fix for `allowNetwork`: where the option is set. */
  readonly allowFix: string
  /** The requests refused so far, each once (an SDK retries a failed request). */
  readonly failures: Error[]
}

/**
 * A test to seal: `allowNetwork` as the host's options give it (`undefined`: loopback only) and
 * where that option is set, for the message.
 */
export function sealedTest(options: {
  name: string
  mode: Exclude<RecordingMode, 'off'>
  allowNetwork: readonly string[] | undefined
  allowFix: string
}): SealedTest {
  return {
    name: options.name,
    mode: options.mode,
    allow: allowList(options.allowNetwork),
    allowFix: options.allowFix,
    failures: [],
  }
}

/** The sealed test whose async context is running. */
const scope = new AsyncLocalStorage<SealedTest>()
/** The sealed tests that started and have not ended. */
const running = new Set<SealedTest>()
/** The installed interception, while any test is sealed (and until the worker is idle after). */
let installed: Installation | undefined

/** The interceptor classes the seal applies. */
interface Interceptors {
  FetchInterceptor: typeof import('@mswjs/interceptors/fetch').FetchInterceptor
  ClientRequestInterceptor: typeof import('@mswjs/interceptors/ClientRequest').ClientRequestInterceptor
}

/**
 * The interceptor modules, imported on the first seal and kept for the process (a module cache:
 * importing them again would return the same modules).
 */
let interceptorModules: Promise<Interceptors> | undefined

/** Imports @mswjs/interceptors' fetch and ClientRequest interceptors, once. */
function loadInterceptors(): Promise<Interceptors> {
  interceptorModules ??= importInterceptors()
  return interceptorModules
}

/**
 * One after the other: Jest's ESM loader fails two concurrent imports that share a dependency
 * ("request for '@open-draft/logger' is not in cache").
 */
async function importInterceptors(): Promise<Interceptors> {
  const { FetchInterceptor } = await import('@mswjs/interceptors/fetch')
  const { ClientRequestInterceptor } = await import('@mswjs/interceptors/ClientRequest')
  return { FetchInterceptor, ClientRequestInterceptor }
}

/**
 * Imports what `seal` installs, ahead of the first test: a host that knows its tests will be
 * sealed calls it while its test file loads. Module loading inside a running test costs more (the
 * test's async context tracks every promise the loader makes), and it is paid once either way.
 */
export async function prepareSeal(): Promise<void> {
  await loadInterceptors()
}

/**
 * Seals the network for `test` until `unseal(test)`: installs the interception if no other test
 * has (importing the interceptors the first time, hence the promise: await it before the test
 * runs). A request from an async context of no sealed test is judged for `test` while it is the
 * one test running; `withinSeal` ties a test's own async context to it (needed when tests run
 * concurrently).
 */
export async function seal(test: SealedTest): Promise<void> {
  running.add(test)
  const interceptors = await loadInterceptors()
  // Installed synchronously once the modules are there, so `unseal` removes it synchronously; a
  // test unsealed while the import was under way installs nothing.
  if (!running.has(test)) return
  if (installed === undefined) installed = install(interceptors)
  else installed.listenLast()
}

/**
 * Runs `fn` as `test`'s async context: its requests (and those of every context it creates) are
 * judged for `test`. The host wraps the test's hooks and body in it (Vitest's `aroundEach`).
 *
 * @example
 * seal(test)
 * await withinSeal(test, runTest)
 */
export function withinSeal<T>(test: SealedTest, fn: () => T): T {
  return scope.run(test, fn)
}

/**
 * Ends the seal of `test` and returns the requests it refused: the host fails the test with them.
 * The interception is removed when no other test is sealed, at once, or with `keepInstalled`
 * (the host knows the next thing it runs is another sealed test, with no hook of its own
 * between) once the worker is idle: a runner starts its next test in the same turn of the event
 * loop, which then finds the interception in place. Removing and installing it again between two
 * tests (patching `fetch` and `node:http`, then `syncBuiltinESMExports()`) cost more than the rest
 * of what a replayed test costs its host. Meanwhile it lets every request through: `refusal`
 * judges a request by the sealed test running, and none is.
 */
export function unseal(test: SealedTest, options: { keepInstalled?: boolean } = {}): Error[] {
  running.delete(test)
  if (running.size === 0 && installed !== undefined) {
    if (options.keepInstalled === true) removal ??= setImmediate(removeIfIdle).unref()
    else liftSeal()
  }
  return [...test.failures]
}

/**
 * Removes the interception now when no test is sealed (what `unseal` with `keepInstalled` leaves
 * for the worker's next idle moment): a host calls it when a test file ends, so no interception
 * outlives its tests whatever the last one said.
 */
export function liftSeal(): void {
  if (removal !== undefined) clearImmediate(removal)
  removeIfIdle()
}

/** The pending removal `unseal` scheduled, while one is. */
let removal: NodeJS.Immediate | undefined

function removeIfIdle(): void {
  removal = undefined
  if (running.size > 0 || installed === undefined) return
  const { remove } = installed
  installed = undefined
  remove()
}

/**
 * Why a request may not leave (the error to throw to its caller, kept for its test), or
 * `undefined` when it may: a recording session's own live send, a request made outside any
 * sealed test (or by work left over from one that ended), anything but HTTP(S), an allowed host,
 * and while recording anything that does not look like a model call.
 */
export function refusal(method: string, url: string): Error | undefined {
  if (isLiveSend()) return undefined
  const own = scope.getStore()
  // A context left over from a test that ended (work it did not await) is judged by no test.
  const test = own === undefined ? onlyRunning() : running.has(own) ? own : undefined
  if (test === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
  if (hostAllowed(parsed, test.allow)) return undefined
  if (test.mode !== 'replay' && !looksLikeModelCall(parsed)) return undefined
  const shown = `${method.toUpperCase()} ${maskedUrl(parsed)}`
  const known = test.failures.find(
    (error) =>
      (error instanceof NetworkBlockedError || error instanceof UnrecordedCallError) &&
      `${error.method} ${error.url}` === shown,
  )
  if (known !== undefined) return known
  const error = refused(test, method.toUpperCase(), maskedUrl(parsed))
  test.failures.push(error)
  return error
}

/** The one sealed test running, when there is exactly one (a context that tells none is its). */
function onlyRunning(): SealedTest | undefined {
  if (running.size !== 1) return undefined
  const [only] = running
  return only
}

/** The error for a refused request of `test`. */
function refused(test: SealedTest, method: string, url: string): Error {
  const request = { method, url, test: test.name }
  const subjects = [`request: ${method} ${url}`, `test: ${test.name}`]
  const route =
    "Route the client through the test's recording: wrap(client) for an openai client (for an OpenAI Agents SDK app, setDefaultOpenAIClient(wrap(new OpenAI())) also covers its default client, guardrails and nested runs included), or recordedFetch as the fetch option of any other SDK."
  const allow = `If the test should reach this host, add it to allowNetwork (${test.allowFix}); allowed now: ${test.allow.entries.map((e) => `'${e}'`).join(', ') || 'none'}.`
  if (test.mode === 'replay') {
    return new NetworkBlockedError(
      {
        what: `Network request refused in replay mode: no recording answers ${method} ${url}, and its host is not in allowNetwork`,
        subjects,
        fix: `${route} Then record it (run the test with -u, or VITEST_SCENARIO_RECORD=new) and commit the recording. ${allow}`,
      },
      request,
    )
  }
  return new UnrecordedCallError(
    {
      what: `Unrecorded model call refused while recording (mode: ${test.mode}): ${method} ${url} went past the test's recording, so CI would block it`,
      subjects,
      fix: `${route} ${allow}`,
    },
    request,
  )
}

/** The applied interception: what removes it, and what puts the seal's listeners last again. */
interface Installation {
  remove(): void
  listenLast(): void
}

/** Applies the interception; returns what removes it. */
function install({ FetchInterceptor, ClientRequestInterceptor }: Interceptors): Installation {
  // The dispatcher first: Node loads undici (and sets its global dispatcher) at the first fetch,
  // which must be the real one, not the interceptor's deferred call to it.
  const restoreDispatcher = guardDispatcher()
  const interceptors = [new FetchInterceptor(), new ClientRequestInterceptor()]
  const listener = ({ request, controller }: InterceptedRequest): void => {
    // A request a mock (msw) already answered never reaches the network: it is no concern here.
    // `PENDING` is read from the controller's own class (msw's `RequestController`), which
    // spares importing the library's main entry for one constant.
    if (controller.readyState !== pendingState(controller)) return
    const error = refusal(request.method, request.url)
    if (error !== undefined) controller.errorWith(error)
  }
  for (const interceptor of interceptors) {
    // Applied before listening: when another copy of the library already intercepts (a test's
    // own msw), `apply` makes `on` add the listener to that running instance.
    interceptor.apply()
    interceptor.on('request', listener)
  }
  syncBuiltinESMExports()
  return {
    remove: () => {
      for (const interceptor of interceptors) interceptor.dispose()
      syncBuiltinESMExports()
      restoreDispatcher()
    },
    // A mock a test applied while the interception was kept from an earlier test (msw in a
    // `beforeAll`) listens after the seal; moved behind it, the mock answers first, as it does
    // when the seal is installed after it. Only where the seal's interceptor is the running
    // instance: on another copy's instance (`apply` replaced `on` with its own) the seal's
    // listener came after that copy's anyway.
    listenLast: () => {
      for (const interceptor of interceptors) {
        if (Object.hasOwn(interceptor, 'on')) continue
        interceptor.off('request', listener)
        interceptor.on('request', listener)
      }
    },
  }
}

/** What an interceptor's `request` listener is given (the part the seal reads). */
interface InterceptedRequest {
  request: Request
  controller: { readyState: unknown; errorWith(error: Error): void }
}

/** The `PENDING` ready state of a request controller's class (`RequestController.PENDING`). */
function pendingState(controller: object): unknown {
  return (controller.constructor as { PENDING?: unknown }).PENDING
}

/** What the seal uses of an undici dispatcher, and of the handler undici's `fetch` gives it. */
interface Dispatcher {
  dispatch(options: DispatchOptions, handler: DispatchHandler): boolean
}
interface DispatchOptions {
  origin?: string | URL
  path?: string
  method?: string
}
interface DispatchHandler {
  onError?: (error: Error) => void
  onResponseError?: (controller: unknown, error: Error) => void
}

/** Where Node's `fetch` (and the `undici` package) finds its dispatcher for every request. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/**
 * Swaps undici's global dispatcher for one that refuses what `refusal` refuses and hands
 * everything else to the original; returns what puts the original back (unless something else
 * replaced the wrapper meanwhile).
 */
function guardDispatcher(): () => void {
  const global = nodeGlobal()
  // Node creates the dispatcher when its fetch first runs: a `data:` URL loads it and sends nothing.
  if (global[GLOBAL_DISPATCHER] === undefined && typeof fetch === 'function') {
    void fetch('data:,').then(
      (response) => response.body?.cancel(),
      () => undefined,
    )
  }
  const original = global[GLOBAL_DISPATCHER]
  if (!isDispatcher(original)) return () => undefined
  const dispatch = (options: DispatchOptions, handler: DispatchHandler): boolean => {
    const url = `${String(options.origin ?? '').replace(/\/$/, '')}${options.path ?? ''}`
    const error = refusal(options.method ?? 'GET', url)
    if (error === undefined) return original.dispatch(options, handler)
    // Refused as a connection error, never connected: `fetch` rejects with a TypeError whose
    // cause is this error.
    queueMicrotask(() => {
      if (typeof handler.onError === 'function') handler.onError(error)
      else handler.onResponseError?.(undefined, error)
    })
    return true
  }
  const guard = new Proxy(original, {
    get(target, key) {
      if (key === 'dispatch') return dispatch
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  global[GLOBAL_DISPATCHER] = guard
  return () => {
    if (global[GLOBAL_DISPATCHER] === guard) global[GLOBAL_DISPATCHER] = original
  }
}

/**
 * The global object of Node's own realm, where its `fetch` reads the dispatcher. A runner that
 * runs test files in a `vm` context (Jest, Vitest's `vmThreads` pool) gives them a global object of
 * their own, while the `fetch` they are handed is still Node's. `runInThisContext` evaluates in
 * Node's main context, and this constant expression is the one way there without a reference
 * the test realm may not have.
 */
function nodeGlobal(): Record<symbol, unknown> {
  if (nodeRealmGlobal === undefined) {
    try {
      nodeRealmGlobal = runInThisContext('globalThis') as Record<symbol, unknown>
    } catch {
      nodeRealmGlobal = globalThis as unknown as Record<symbol, unknown>
    }
  }
  return nodeRealmGlobal
}

/** Node's realm's global object, found once (compiling the expression costs more than the rest). */
let nodeRealmGlobal: Record<symbol, unknown> | undefined

function isDispatcher(value: unknown): value is Dispatcher & object {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { dispatch?: unknown }).dispatch === 'function'
  )
}
