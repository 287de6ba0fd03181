import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { RedactHook } from './normalize-request.js'
import { normalizeJson } from './normalize-request.js'
import { canonicalize, type Json } from './stable-json.js'

/** The MCP requests a recording keeps: listing a server's tools, and calling one. */
export type McpMethod = 'tools/list' | 'tools/call'

/**
 * The error a `tools/call` or `tools/list` request was answered with (a JSON-RPC error: the
 * server refused the request), as the recording keeps it.
 */
export interface McpRecordedError {
  /** The error's message as the client library made it. */
  message: string
  /** The JSON-RPC error code, when the server sent one. */
  code?: number
  /** The error's `data`, when the server sent some. */
  data?: Json
}

/** One MCP request as recordings match it: which server, which request, with what arguments. */
export interface McpCall {
  /** The server's name as the test names it (`mcpClient('weather', …)`). */
  server: string
  method: McpMethod
  /** The tool called (`tools/call` only). */
  tool?: string
  /** The tool's arguments (`tools/call`), or the listing's parameters (`tools/list`, a cursor). */
  arguments?: Json
}

/** What an MCP request was answered with: its result, or the error the server sent. */
export type McpOutcome =
  | { result: Json; error?: undefined }
  | { result?: undefined; error: McpRecordedError }

/**
 * One MCP request of a test's recording (the file's `mcp` list): the request, and its result or
 * error, and how long it took when recorded. Credentials never appear: a server is stored by the
 * name the test gives it, never by its URL or command.
 */
export interface McpInteraction extends McpCall {
  /** The result as the server sent it (`tools/call`: content, structuredContent, isError, _meta). */
  result?: Json
  /** The error the request was answered with, instead of a result. */
  error?: McpRecordedError
  durationMs: number
}

const INTERACTION_KEYS = ['server', 'method', 'tool', 'arguments', 'result', 'error', 'durationMs']
const ERROR_KEYS = ['message', 'code', 'data']

/**
 * What is wrong with an MCP request handed to a session (`RecordingSession#answerMcp`), as the
 * end of "answerMcp(call, live) got …", or `undefined` when it has the shape matching needs.
 * Never throws, also for a Proxy whose traps throw; the arguments' JSON is checked when they are
 * normalized.
 */
export function mcpCallProblem(call: unknown): string | undefined {
  try {
    if (!isPlainObject(call)) {
      return `a call of ${describeValue(call)}; expected { server, method, tool?, arguments? }`
    }
    const { server, method, tool } = call
    if (typeof server !== 'string' || server === '') {
      return `a server of ${describeValue(server)}; expected the server's name (a non-empty string)`
    }
    if (method !== 'tools/list' && method !== 'tools/call') {
      return `a method of ${describeValue(method)}; expected 'tools/list' or 'tools/call'`
    }
    if (tool !== undefined && typeof tool !== 'string') {
      return `a tool of ${describeValue(tool)}; expected the tool's name (a string) or no tool`
    }
    const nonJson = describeNonJson(call.arguments)
    if (nonJson !== undefined) {
      return `arguments holding ${nonJson}, which JSON cannot hold; expected the tool's arguments as JSON data`
    }
    return undefined
  } catch {
    return 'a call that cannot be read (its properties throw)'
  }
}

/**
 * The request of a call as it is stored and matched: arguments with keys sorted, every string
 * through `redact` (paths `server`, `tool`, `arguments.<key>…`, relative to the interaction). A value nested deeper
 * than JSON allows throws, as a model call's body does.
 */
export function normalizeMcpCall(call: McpCall, redact: RedactHook | undefined): McpCall {
  // The server and tool pass the hook as the file's scan passes them, so a request matches what
  // was written.
  const named = (value: string, path: string) =>
    redact === undefined ? value : redact(value, path)
  const out: McpCall = { server: named(call.server, 'server'), method: call.method }
  if (call.tool !== undefined) out.tool = named(call.tool, 'tool')
  if (call.arguments !== undefined)
    out.arguments = normalizeJson(call.arguments, 'arguments', redact)
  return out
}

/**
 * The key an MCP request is matched on: the server, the request, the tool and its arguments
 * (canonical JSON). Kept apart from model calls' keys by its first item.
 */
export function mcpKey(call: McpCall): string {
  return JSON.stringify([
    'mcp',
    call.server,
    call.method,
    call.tool ?? null,
    call.arguments === undefined ? null : canonicalize(call.arguments),
  ])
}

/**
 * What is wrong with a parsed recording's `mcp` list, as `<path> is <value>; it must be …`, or
 * `undefined` when each entry holds what replaying needs.
 */
export function checkMcpInteractions(
  list: unknown,
  wrong: (at: string, value: unknown, allowed: string) => string,
  unknownKey: (value: object, valid: readonly string[], at: string) => string | undefined,
): string | undefined {
  if (!Array.isArray(list)) return wrong('mcp', list, 'an array of MCP requests')
  for (let i = 0; i < list.length; i++) {
    const at = `mcp.${i}`
    const entry: unknown = list[i]
    if (!isPlainObject(entry)) return wrong(at, entry, 'an object with server, method and result')
    const why =
      unknownKey(entry, INTERACTION_KEYS, at) ??
      checkRequestPart(entry, at, wrong) ??
      checkAnswerPart(entry, at, wrong, unknownKey)
    if (why !== undefined) return why
  }
  return undefined
}

function checkRequestPart(
  entry: Record<string, unknown>,
  at: string,
  wrong: (at: string, value: unknown, allowed: string) => string,
): string | undefined {
  const { server, method, tool, arguments: args, durationMs } = entry
  if (typeof server !== 'string' || server === '') {
    return wrong(`${at}.server`, server, "the server's name (a string)")
  }
  if (method !== 'tools/list' && method !== 'tools/call') {
    return wrong(`${at}.method`, method, "'tools/list' or 'tools/call'")
  }
  if (method === 'tools/call' && (typeof tool !== 'string' || tool === '')) {
    return wrong(`${at}.tool`, tool, 'the name of the tool called (a string)')
  }
  if (method === 'tools/list' && tool !== undefined) {
    return wrong(`${at}.tool`, tool, 'left out: a tools/list request calls no tool')
  }
  if (args !== undefined && !isPlainObject(args)) {
    return wrong(`${at}.arguments`, args, 'an object of the arguments')
  }
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0) {
    return wrong(`${at}.durationMs`, durationMs, 'a number of milliseconds ≥ 0')
  }
  return undefined
}

function checkAnswerPart(
  entry: Record<string, unknown>,
  at: string,
  wrong: (at: string, value: unknown, allowed: string) => string,
  unknownKey: (value: object, valid: readonly string[], at: string) => string | undefined,
): string | undefined {
  const { result, error } = entry
  if ((result === undefined) === (error === undefined)) {
    return `${at} has ${result === undefined ? 'neither result nor error' : 'both result and error'}; it must have one of them`
  }
  if (result !== undefined) {
    if (!isPlainObject(result)) return wrong(`${at}.result`, result, 'an object (the result)')
    const list = entry.method === 'tools/list' ? result.tools : result.content
    if (!Array.isArray(list)) {
      const field = entry.method === 'tools/list' ? 'tools' : 'content'
      return wrong(`${at}.result.${field}`, list, `an array (the ${field} of the result)`)
    }
    return undefined
  }
  if (!isPlainObject(error)) return wrong(`${at}.error`, error, 'an object with a message')
  if (typeof error.message !== 'string') {
    return wrong(`${at}.error.message`, error.message, "the error's message (a string)")
  }
  if (error.code !== undefined && !Number.isInteger(error.code)) {
    return wrong(`${at}.error.code`, error.code, 'the JSON-RPC error code (an integer)')
  }
  return unknownKey(error, ERROR_KEYS, `${at}.error`)
}

/** An interaction as the file stores it: fixed key order, arguments and result canonical. */
export function storedMcpInteraction(interaction: McpInteraction): Json {
  const { server, method, tool, arguments: args, result, error, durationMs } = interaction
  const out: { [key: string]: Json } = { server, method }
  if (tool !== undefined) out.tool = tool
  if (args !== undefined) out.arguments = canonicalize(args)
  if (result !== undefined) out.result = canonicalize(result)
  if (error !== undefined) out.error = canonicalize(error as unknown as Json)
  out.durationMs = durationMs
  return out
}
