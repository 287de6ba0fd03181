import { getEventListeners } from 'node:events'
import { describe, expect, test, vi } from 'vitest'
import { onAbort } from '../../src/internal/on-abort.js'
import { sleep } from '../../src/internal/sleep.js'

describe('onAbort', () => {
  test('any number of subscribers share one listener on the signal, gone with the last', () => {
    const controller = new AbortController()
    const unsubscribers = Array.from({ length: 50 }, () => onAbort(controller.signal, () => {}))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    for (const unsubscribe of unsubscribers) unsubscribe()
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  test('an abort calls every current subscriber once, and not the ones that left', () => {
    const controller = new AbortController()
    const stayed = vi.fn()
    const left = vi.fn()
    onAbort(controller.signal, stayed)
    onAbort(controller.signal, stayed)
    onAbort(controller.signal, left)()
    controller.abort()
    controller.abort()
    expect(stayed).toHaveBeenCalledTimes(2)
    expect(left).not.toHaveBeenCalled()
  })

  test('unsubscribing after the abort is harmless', () => {
    const controller = new AbortController()
    const unsubscribe = onAbort(controller.signal, () => {})
    controller.abort()
    expect(unsubscribe).not.toThrow()
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})

describe('sleep', () => {
  test('rejects with the reason when the signal aborts first, and leaves no listener', async () => {
    const controller = new AbortController()
    const waiting = sleep(10_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
    await sleep(1, controller.signal).catch(() => {})
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  test('resolves after the wait and unsubscribes', async () => {
    const controller = new AbortController()
    await sleep(5, controller.signal)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
