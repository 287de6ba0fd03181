import { createRequire } from 'node:module'
import { expect, test } from 'vitest'

const require = createRequire(import.meta.url)

test('imports the packed package by name', async () => {
  const resolved = require.resolve('vitest-scenario/package.json')
  expect(resolved).toMatch(/[\\/]node_modules[\\/]vitest-scenario[\\/]package\.json$/)
  for (const entry of ['', '/core', '/matchers', '/plugin', '/reporter']) {
    await expect(import(`vitest-scenario${entry}`)).resolves.toBeTypeOf('object')
  }
  const vitest = require('vitest/package.json') as { version: string }
  console.log(`[sample] node ${process.version}, vitest ${vitest.version}`)
})

test('fails on purpose', () => {
  expect({ status: 'completed', turnCount: 2 }).toEqual({ status: 'limit_reached', turnCount: 2 })
})
