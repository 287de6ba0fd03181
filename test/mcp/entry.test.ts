import { afterEach, describe, expect, test, vi } from 'vitest'
import { MissingPeerError, RecordingError } from '../../src/errors/index.js'
import { makeMcpToolSet } from '../../src/mcp/ai-sdk.js'
import { mcpClient } from '../../src/mcp.js'
import { inMemoryClient } from './support.js'

// The entry's own binding: outside any test's recording, a request goes live, unless the run
// replays (CI, or VITEST_SCENARIO_RECORD=replay), where it is refused without connecting.
// (This suite runs without the plugin: no test here has a recording session.)

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('outside any recording', () => {
  test('a replaying run refuses the request and never connects', async () => {
    vi.stubEnv('CI', 'true')
    vi.stubEnv('VITEST_SCENARIO_RECORD', '')
    let connected = false
    const client = mcpClient('weather', async () => {
      connected = true
      return inMemoryClient()
    })
    const error = await client.listTools().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message).toContain(
      '[vitest-scenario] An MCP request was made outside any test, so it cannot be replayed',
    )
    expect(connected).toBe(false)
  })

  test('otherwise it goes live, unrecorded, and the answer comes back as the server gave it', async () => {
    vi.stubEnv('CI', 'true')
    vi.stubEnv('VITEST_SCENARIO_RECORD', 'off')
    const client = mcpClient('weather', inMemoryClient)
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 2 } })).toEqual({
      content: [{ type: 'text', text: '4' }],
    })
    await client.close()
  })
})

test('mcpToolSet without the ai package is a MissingPeerError naming it and the install', async () => {
  const missing = Object.assign(new Error("Cannot find package 'ai' imported from /app/x.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  })
  const mcpToolSet = makeMcpToolSet(
    () => undefined,
    () => Promise.reject(missing),
  )
  const error = await mcpToolSet('weather', () => Promise.reject(new Error('not called'))).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(MissingPeerError)
  expect((error as Error).message).toContain("needs the package 'ai'")
  expect((error as Error).message).toContain('npm i -D ai @ai-sdk/mcp')
})
