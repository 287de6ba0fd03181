// The seal's side of `allowNetwork`: reading entries and matching URLs. The option's zod schema
// is in allow-network-schema.ts, so sealing a test loads no zod.
//
// IP addresses are told apart without `node:net`'s `isIP`: its IPv6 pattern is compiled on first
// use, which cost a test file more (about 6 ms) than the rest of reading its list.

/**
 * The hosts a sealed test may reach when `allowNetwork` is not given: loopback only, so servers
 * a test starts itself keep working.
 */
export const DEFAULT_ALLOW_NETWORK: readonly string[] = Object.freeze([
  'localhost',
  '127.0.0.0/8',
  '::1',
])

/** What an `allowNetwork` entry may be, for messages. */
export const ENTRY_SHAPE =
  "a host name ('api.example.com'), host:port ('api.example.com:8443'), an IP address, an IPv4 range ('127.0.0.0/8') or '*' for every host"

/** One entry, read: any host, a host (optionally on one port), or an IPv4 range. */
type AllowRule =
  | { kind: 'any' }
  | { kind: 'host'; host: string; port: number | undefined }
  | { kind: 'range'; base: number; mask: number }

/** The checked `allowNetwork` list, ready to match URLs against. */
export interface AllowList {
  /** The entries as written (for messages). */
  readonly entries: readonly string[]
  readonly rules: readonly AllowRule[]
}

/**
 * Reads checked `allowNetwork` entries (`undefined`: the loopback default).
 *
 * @example
 * hostAllowed(new URL('http://127.0.0.1:8080/'), allowList(undefined)) // true
 */
export function allowList(entries: readonly string[] | undefined): AllowList {
  const list = entries ?? DEFAULT_ALLOW_NETWORK
  let read = readLists.get(list)
  if (read === undefined) {
    read = {
      entries: list,
      rules: list.flatMap((entry) => {
        const rule = parseEntry(entry)
        return rule === undefined ? [] : [rule]
      }),
    }
    readLists.set(list, read)
  }
  return read
}

// Every sealed test of a worker has the same `allowNetwork` array (the host's options): read once,
// not once per test (each test's seal keeps its list until the file ends, see the Vitest host).
// A list is never changed once read (both it and its rules are readonly), so sharing it is safe.
const readLists = new WeakMap<readonly string[], AllowList>()

/** Whether a request to `url` may leave a sealed test. */
export function hostAllowed(url: URL, list: AllowList): boolean {
  const host = bareHost(url.hostname)
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
  const ipv4 = isIPv4(host) ? ipv4Number(host) : undefined
  return list.rules.some((rule) => {
    if (rule.kind === 'any') return true
    if (rule.kind === 'host') {
      return rule.host === host && (rule.port === undefined || rule.port === port)
    }
    return ipv4 !== undefined && (ipv4 & rule.mask) >>> 0 === rule.base
  })
}

/** One entry read, or `undefined` when it is none of the shapes an entry may have. */
export function parseEntry(raw: string): AllowRule | undefined {
  const entry = raw.trim().toLowerCase()
  if (entry === '*') return { kind: 'any' }
  const range = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(entry)
  if (range !== null) {
    const [, address = '', bits = ''] = range
    const prefix = Number(bits)
    if (!isIPv4(address) || prefix > 32) return undefined
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    return { kind: 'range', base: (ipv4Number(address) & mask) >>> 0, mask }
  }
  const ipv6 = ipv6Host(entry)
  if (ipv6 !== undefined) return { kind: 'host', host: ipv6, port: undefined }
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry)
  if (bracketed !== null) {
    const [, address = '', port] = bracketed
    const host = ipv6Host(address)
    return host === undefined ? undefined : hostRule(host, port)
  }
  const hostPort =
    /^([a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*)\.?(?::(\d{1,5}))?$/.exec(
      entry,
    )
  if (hostPort === null) return undefined
  const [, host = '', port] = hostPort
  return hostRule(host, port)
}

function hostRule(host: string, port: string | undefined): AllowRule | undefined {
  if (port === undefined) return { kind: 'host', host, port: undefined }
  const number = Number(port)
  return number > 0 && number < 65536 ? { kind: 'host', host, port: number } : undefined
}

/** A URL's host name without IPv6 brackets or a trailing dot, in lower case. */
function bareHost(hostname: string): string {
  const host = hostname.toLowerCase()
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed
}

/** A dotted-quad IPv4 address, each part 0–255 without leading zeros (as `net.isIPv4` reads it). */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/

function isIPv4(address: string): boolean {
  return IPV4.test(address)
}

/**
 * An IPv6 address as a URL's host name writes it (`0:0:0:0:0:0:0:1` → `::1`), so an entry matches
 * every way of writing the address; `undefined` for anything else. The URL parser decides.
 */
function ipv6Host(address: string): string | undefined {
  if (!address.includes(':')) return undefined
  const url = `http://[${address}]/`
  return URL.canParse(url) ? bareHost(new URL(url).hostname) : undefined
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0)
}

/** The host an entry written as a URL meant (`https://api.example.com/v1` → `api.example.com`). */
export function hostOfUrl(entry: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) return undefined
  try {
    return new URL(entry).host || undefined
  } catch {
    return undefined
  }
}
