// The labelling session itself: each item shown (its conversation once, then its criteria one
// after the other), a key read, a label given or the item skipped, until the walk ends, the
// person quits (q), interrupts (Ctrl-C) or the terminal closes. Every way out returns what was
// labelled, so the command saves it: nothing given is lost.
import type { Colors } from '../reporter/terminal.js'
import { type LabelItem, labelOf, sameConversation } from './label-items.js'
import type { KeyReader } from './label-keys.js'
import type { GivenLabel } from './label-save.js'
import { conversationScreen, criterionScreen, promptScreen } from './label-screen.js'

/** How a session ended. */
export type WalkEnd = 'done' | 'quit' | 'interrupted' | 'closed'

/** What a session gave: the labels, in the order given, and how it ended. */
export interface WalkResult {
  given: GivenLabel[]
  skipped: number
  end: WalkEnd
}

/** Walks `items`, reading keys from `keys` and writing the screens with `write`. */
export async function walkItems(
  items: readonly LabelItem[],
  keys: KeyReader,
  write: (text: string) => void,
  c: Colors,
): Promise<WalkResult> {
  const given: GivenLabel[] = []
  let skipped = 0
  for (const [index, item] of items.entries()) {
    if (!sameConversation(item, items[index - 1])) write(conversationScreen(item, c))
    write(criterionScreen(item, c))
    // A note typed now; a label of the same conversation keeps the note it had otherwise.
    let note: string | undefined
    let shownNote = false
    for (;;) {
      write(
        promptScreen(
          { index, total: items.length, labelled: given.length, skipped },
          shownNote ? note : undefined,
          c,
        ),
      )
      shownNote = false
      const key = await keys.next()
      if (key.name === 'end' || key.name === 'ctrl-d') {
        write('\n')
        return { given, skipped, end: 'closed' }
      }
      if (key.name === 'ctrl-c') {
        write('^C\n')
        return { given, skipped, end: 'interrupted' }
      }
      if (key.name !== 'char') continue
      const pressed = key.char.toLowerCase()
      if (pressed === 'q') {
        write('q\n')
        return { given, skipped, end: 'quit' }
      }
      if (pressed === 'm' || pressed === 'u') {
        const verdict = pressed === 'm' ? 'met' : 'unmet'
        const kept = note ?? (item.stale ? undefined : item.previous?.note)
        given.push({ file: item.file, label: labelOf(item, verdict, kept) })
        write(`${verdict === 'met' ? c.green('met') : c.red('unmet')}\n`)
        break
      }
      if (pressed === 's') {
        skipped += 1
        write(`${c.dim('skipped')}\n`)
        break
      }
      if (pressed === 'n') {
        const typed = await readNote(keys, write, note ?? '')
        if (typed.end !== undefined) return { given, skipped, end: typed.end }
        if (typed.note !== undefined) {
          note = typed.note
          shownNote = true
        }
      }
      // Any other key: the prompt again.
    }
  }
  return { given, skipped, end: 'done' }
}

/**
 * Reads a one-line note, echoed as typed: Enter ends it, Escape cancels it (`note` undefined),
 * Backspace takes the last character back. Ctrl-C or the input ending ends the session.
 */
async function readNote(
  keys: KeyReader,
  write: (text: string) => void,
  start: string,
): Promise<{ note?: string | undefined; end?: WalkEnd | undefined }> {
  write(`n\nNote (Enter keeps it, Escape cancels): ${start}`)
  let note = start
  for (;;) {
    const key = await keys.next()
    if (key.name === 'end' || key.name === 'ctrl-d') {
      write('\n')
      return { end: 'closed' }
    }
    if (key.name === 'ctrl-c') {
      write('^C\n')
      return { end: 'interrupted' }
    }
    if (key.name === 'enter') {
      write('\n')
      return { note: note.trim() }
    }
    if (key.name === 'escape') {
      write('\n(note cancelled)\n')
      return {}
    }
    if (key.name === 'backspace') {
      if (note.length > 0) {
        note = [...note].slice(0, -1).join('')
        write('\b \b')
      }
      continue
    }
    if (key.name === 'char') {
      note += key.char
      write(key.char)
    }
  }
}
