// The anchors GitHub gives the headings of a Markdown page, so a test can hold a link
// (`docs/reference/errors.md#recording_missing`) against the page it points into. GitHub makes
// them as github-slugger does: the heading's text in lower case, every character that is not a
// letter, a mark, a digit, a connector (`_`), a hyphen or a space dropped, each space a hyphen,
// and `-1`, `-2`, … after an anchor the page already has.

/** What GitHub drops from a heading's text: all but letters, marks, digits, `_`, `-` and spaces. */
const DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu

/**
 * The anchor GitHub makes of one heading's text, before it is made unique on its page.
 *
 * @example
 * headingSlug('recording_missing') // 'recording_missing'
 * headingSlug('`runScenario(definition, options)`') // 'runscenariodefinition-options'
 */
export function headingSlug(heading: string): string {
  return renderedText(heading).toLowerCase().replace(DROPPED, '').replace(/ /g, '-')
}

/** One heading of a page: its level (1–6), its text as written, and the anchor GitHub gives it. */
export interface PageHeading {
  readonly level: number
  readonly text: string
  readonly anchor: string
}

/**
 * The ATX headings (`## text`) of a Markdown page, in order, with the anchors GitHub gives them
 * (unique on the page). A `#` line inside a fenced code block is not a heading.
 */
export function pageHeadings(markdown: string): PageHeading[] {
  const seen = new Map<string, number>()
  const headings: PageHeading[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const opening = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    const marker = opening?.[1]
    // A backtick fence's info string holds no backtick: a line that starts with an inline code
    // span of backticks (```` ```mermaid ````) is text, not a fence.
    const inlineCode =
      marker !== undefined && marker[0] === '`' && (opening?.[2] ?? '').includes('`')
    if (marker !== undefined && !inlineCode) {
      // A fence closes with at least as many of the same character as opened it.
      if (fence === undefined) fence = marker
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      continue
    }
    if (fence !== undefined) continue
    const match = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line)
    if (match === null) continue
    const text = match[2] ?? ''
    headings.push({ level: (match[1] ?? '').length, text, anchor: unique(headingSlug(text), seen) })
  }
  return headings
}

/** github-slugger's rule for a repeated anchor: the second `a` is `a-1`, the third `a-2`. */
function unique(slug: string, seen: Map<string, number>): string {
  let anchor = slug
  while (seen.has(anchor)) {
    const count = (seen.get(slug) ?? 0) + 1
    seen.set(slug, count)
    anchor = `${slug}-${count}`
  }
  seen.set(anchor, 0)
  return anchor
}

/**
 * The text GitHub renders of a heading's inline Markdown, as far as anchors need it: a link or
 * an image is its text, an HTML tag is dropped. Emphasis and code markers are punctuation, which
 * the slug drops anyway.
 */
function renderedText(heading: string): string {
  return heading
    .trim()
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
}
