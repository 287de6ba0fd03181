import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import { scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

// A worker's memory must not grow with the tests it ran: Vitest keeps every test's context until
// the file ends, so nothing a finished scenario test leaves on it may hold its results.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let kept: WeakRef<object> | undefined
let runOfFirst: (() => unknown) | undefined
let contextOfFirst: object | undefined

scenario(
  'a first conversation',
  (s) => {
    twoTurns(s)
  },
  async (context) => {
    const result = await context.run()
    expect(result).toHaveStatus('completed')
    kept = new WeakRef(result)
    runOfFirst = () => context.run()
    contextOfFirst = context.task.context
    // The body's context is its own object with the test context's properties and `run`.
    const { run: _run, ...rest } = context
    expect(rest.task.name).toBe('a first conversation')
    expect(typeof rest.skip).toBe('function')
  },
)

test('its result is garbage once the test ended, and its run() refuses', async () => {
  await new Promise((resolve) => setImmediate(resolve))
  gc()
  gc()
  expect(kept?.deref()).toBeUndefined()
  expect(runOfFirst).toThrow(
    /run\(\) of scenario 'a first conversation' was called after its test ended/,
  )
  // `run` is on the body's own object: the context the runner keeps did not grow a property.
  expect(contextOfFirst).toBeDefined()
  expect(Object.hasOwn(contextOfFirst ?? {}, 'run')).toBe(false)
})
