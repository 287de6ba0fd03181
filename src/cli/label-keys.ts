// The keys `vitest-scenario label` reads from a terminal in raw mode: every byte is a key, so
// Ctrl-C arrives as a byte (not a signal) and the labeller saves before it exits. Escape
// sequences (arrows, function keys) are one key each, so an arrow never reads as three letters.
import type { CliInput } from './cli-context.js'

/** One key pressed: a printable character, or a named control key. */
export type Key =
  | { name: 'char'; char: string }
  | { name: 'enter' | 'escape' | 'backspace' | 'ctrl-c' | 'ctrl-d' | 'other' }

/** The keys in one chunk of raw terminal input, in order. */
export function decodeKeys(chunk: string): Key[] {
  const keys: Key[] = []
  const chars = [...chunk]
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? ''
    if (char === '\u001b') {
      const next = chars[i + 1]
      if (next === '[' || next === 'O') {
        // CSI / SS3: parameters, then one final byte in @–~ ends the sequence.
        let end = i + 2
        while (end < chars.length && !/[@-~]/.test(chars[end] ?? '')) end++
        i = end
        keys.push({ name: 'other' })
      } else {
        keys.push({ name: 'escape' })
      }
    } else if (char === '\r' || char === '\n') keys.push({ name: 'enter' })
    else if (char === '\u0003') keys.push({ name: 'ctrl-c' })
    else if (char === '\u0004') keys.push({ name: 'ctrl-d' })
    else if (char === '\u007f' || char === '\b') keys.push({ name: 'backspace' })
    else if (char < ' ') keys.push({ name: 'other' })
    else keys.push({ name: 'char', char })
  }
  return keys
}

/** Keys read from a terminal, one at a time. */
export interface KeyReader {
  /** The next key; `end` when the input ended (the terminal closed). */
  next(): Promise<Key | { name: 'end' }>
  /** Stops reading: raw mode off, the stream paused, the listeners removed. */
  close(): void
}

/**
 * Reads keys from `input` in raw mode (which `close` turns off again). Keys typed ahead of the
 * labeller are queued, never lost.
 */
export function readKeys(input: CliInput): KeyReader {
  const queue: (Key | { name: 'end' })[] = []
  let waiting: ((key: Key | { name: 'end' }) => void) | undefined
  const push = (key: Key | { name: 'end' }) => {
    const resolve = waiting
    if (resolve !== undefined) {
      waiting = undefined
      resolve(key)
    } else queue.push(key)
  }
  const onData = (chunk: Buffer | string) => {
    for (const key of decodeKeys(typeof chunk === 'string' ? chunk : chunk.toString('utf8'))) {
      push(key)
    }
  }
  const onEnd = () => push({ name: 'end' })
  input.setRawMode?.(true)
  input.on('data', onData)
  input.on('end', onEnd)
  input.resume()
  return {
    next: () => {
      const key = queue.shift()
      if (key !== undefined) return Promise.resolve(key)
      return new Promise((resolve) => {
        waiting = resolve
      })
    },
    close: () => {
      input.off('data', onData)
      input.off('end', onEnd)
      input.setRawMode?.(false)
      input.pause()
    },
  }
}
