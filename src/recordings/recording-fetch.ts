import { RecordingError } from '../errors/index.js'
import { guardStreams } from '../models/stream-cut.js'
import { type Fetch, failureResponse } from './recorder.js'
import { recordingRouter } from './router.js'

/**
 * A `fetch` for the SDK's `fetch` option that sends each call to the current test's recorder
 * (record, replay or miss), and straight to `live` when no recording is active. Nothing global
 * is patched: only clients built or wrapped with it are recorded.
 */
export function recordingFetch(options: { baseURL: () => string; live: Fetch }): Fetch {
  // A stream cut midway names the endpoint instead of surfacing as a bare `TypeError: terminated`.
  const live = guardStreams(options.live, options.baseURL)
  return async (input, init = {}) => {
    const router = recordingRouter()
    if (router === undefined) return live(input, init)
    const recorder = router.current()
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    // The SDK probes its fetch with `fetch('data:,')` before uploads: not a model call.
    if (!/^https?:/i.test(url)) return live(input, init)
    if (recorder === undefined) {
      if (router.outsideTest() === 'live') return live(input, init)
      const error = new RecordingError(
        {
          what: 'A model call was made outside any test, so it cannot be replayed',
          subjects: [`request: ${init.method ?? 'GET'} ${new URL(url).pathname}`],
          fix: 'Make model calls inside a test (not in beforeAll or at import time), or set VITEST_SCENARIO_RECORD=off to call the model live.',
        },
        '',
      )
      return failureResponse(error.message, 'outside-test')
    }
    return recorder.handle({ url, init, baseURL: options.baseURL(), live })
  }
}
