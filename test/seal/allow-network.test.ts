import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { scenarioPlugin } from '../../src/hosts/vitest/plugin/index.js'
import { PROVIDED_KEY, type ProvidedOptions } from '../../src/hosts/vitest/plugin/provided.js'
import { allowList, hostAllowed } from '../../src/seal/allow-network.js'
import { allowNetworkSchema } from '../../src/seal/allow-network-schema.js'

const allowed = (url: string, entries?: string[]) => hostAllowed(new URL(url), allowList(entries))

describe('allowNetwork', () => {
  test('the default is loopback only', () => {
    for (const url of [
      'http://localhost:3000/v1',
      'http://127.0.0.1:8080/',
      'http://127.1.2.3/',
      'http://[::1]:9000/',
      'http://LOCALHOST./',
    ]) {
      expect(allowed(url), url).toBe(true)
    }
    for (const url of [
      'https://api.openai.com/v1/responses',
      'http://10.0.0.1/',
      'http://128.0.0.1/',
      'http://localhost.example.com/',
      'http://[::2]/',
    ]) {
      expect(allowed(url), url).toBe(false)
    }
  })

  test('host names, host:port, ranges and * ; a given list replaces the default', () => {
    expect(allowed('https://auth.example.com/token', ['auth.example.com'])).toBe(true)
    expect(allowed('https://api.example.com/', ['auth.example.com'])).toBe(false)
    expect(allowed('http://127.0.0.1/', ['auth.example.com'])).toBe(false)
    expect(allowed('https://auth.example.com/', ['auth.example.com:443'])).toBe(true)
    expect(allowed('https://auth.example.com:8443/', ['auth.example.com:443'])).toBe(false)
    expect(allowed('http://auth.example.com/', ['auth.example.com:80'])).toBe(true)
    expect(allowed('http://10.1.2.3/', ['10.0.0.0/8'])).toBe(true)
    expect(allowed('http://11.1.2.3/', ['10.0.0.0/8'])).toBe(false)
    expect(allowed('http://[::1]:81/', ['[::1]:81'])).toBe(true)
    expect(allowed('https://anything.example/', ['*'])).toBe(true)
    expect(allowed('http://127.0.0.1/', [])).toBe(false)
  })

  test('an IPv6 entry matches however the address is written, and an IPv4 range only IPv4', () => {
    expect(allowed('http://[::1]/', ['0:0:0:0:0:0:0:1'])).toBe(true)
    expect(allowed('http://[2001:db8::7]:8080/', ['[2001:DB8:0::7]:8080'])).toBe(true)
    expect(allowed('http://[2001:db8::7]:8081/', ['[2001:db8::7]:8080'])).toBe(false)
    expect(allowed('http://[::ffff:a00:1]/', ['10.0.0.0/8'])).toBe(false)
    expect(allowed('http://10.0.0.1/', ['10.0.0.0/8'])).toBe(true)
    // Not an address: an IPv4 part past 255, an IPv6 address with too many groups.
    expect(allowList(['256.1.1.1/8', '1:2:3:4:5:6:7:8:9']).rules).toEqual([])
  })

  test('the schema refuses what is no host, and says which host a URL meant', () => {
    expect(
      allowNetworkSchema.safeParse(['api.example.com', 'a.b:1', '::1', '10.0.0.0/8', '*']).success,
    ).toBe(true)
    for (const bad of [
      'https://api.example.com/v1',
      'api example',
      'host:99999',
      '10.0.0.0/33',
      '',
      'a/b',
    ]) {
      expect(allowNetworkSchema.safeParse([bad]).success, bad).toBe(false)
    }
    expect(allowNetworkSchema.safeParse('api.example.com').success).toBe(false)
  })

  test('scenarioPlugin() checks it and hands it to the workers', () => {
    let message = ''
    try {
      scenarioPlugin({ allowNetwork: ['https://api.example.com/v1'] })
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidArgumentError)
      message = (error as Error).message
    }
    expect(message).toContain('allowNetwork')
    expect(message).toContain("not a URL: write 'api.example.com'")
    const values = new Map<string, unknown>()
    scenarioPlugin({ allowNetwork: ['localhost', 'auth.example.com'] }).configureVitest({
      project: {
        config: { root: '/project', snapshotOptions: { updateSnapshot: 'none' } },
        provide: (key, value) => values.set(key, value),
      },
    })
    expect((values.get(PROVIDED_KEY) as ProvidedOptions).allowNetwork).toEqual([
      'localhost',
      'auth.example.com',
    ])
  })
})
