// The docs every library error points at: each code has its section in docs/reference/errors.md
// under the anchor GitHub gives its heading, each error's message ends with the path to it, and
// the pages the messages name ship in the package.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, expectTypeOf, inject, test } from 'vitest'
import {
  docsLine,
  docsPath,
  ERROR_DOCS,
  INSTALLED_PACKAGE,
  OPTIONS_DOCS,
  withoutDocsLine,
} from '../../src/errors/docs-line.js'
import {
  SCENARIO_ERROR_CODES,
  ScenarioError,
  type ScenarioErrorCode,
} from '../../src/errors/scenario-error.js'
import { headingSlug, pageHeadings } from '../support/github-anchors.js'
import { repoRoot } from '../support/paths.js'

const read = (file: string): string => readFileSync(join(repoRoot, file), 'utf8')

/** A link relative to the package root, `docs/…/page.md#anchor`, as its page and its anchor. */
function splitLink(link: string): { page: string; anchor: string } {
  const [page = '', anchor = ''] = link.split('#')
  return { page, anchor }
}

/** The anchors of a page's second-level headings (its sections). */
function sectionAnchors(page: string): string[] {
  return pageHeadings(read(page))
    .filter((heading) => heading.level === 2)
    .map((heading) => heading.anchor)
}

describe('anchors as GitHub makes them', () => {
  test.each([
    ['recording_missing', 'recording_missing'],
    ['Plugin options', 'plugin-options'],
    ['`judgeConversation` options', 'judgeconversation-options'],
    ['`runScenario(definition, options)`', 'runscenariodefinition-options'],
    ['scenario(name, [options,] build, body)', 'scenarioname-options-build-body'],
    ['What’s new?', 'whats-new'],
    ['Before — after', 'before--after'],
    ['Über *alles* 2.0', 'über-alles-20'],
    ['[Linked](https://example.com) heading', 'linked-heading'],
    ['a-b_c', 'a-b_c'],
  ])('%s → #%s', (heading, anchor) => {
    expect(headingSlug(heading)).toBe(anchor)
  })

  test('a repeated heading gets -1, -2; a # line in fenced code is no heading', () => {
    const page = [
      '# Errors',
      '## Usage',
      '```sh',
      '# a comment, not a heading',
      '```',
      '## Usage ##',
      '~~~',
      '## inside a tilde fence',
      '~~~',
      '### Usage',
      '#not-a-heading',
    ].join('\n')
    expect(pageHeadings(page)).toEqual([
      { level: 1, text: 'Errors', anchor: 'errors' },
      { level: 2, text: 'Usage', anchor: 'usage' },
      { level: 2, text: 'Usage', anchor: 'usage-1' },
      { level: 3, text: 'Usage', anchor: 'usage-2' },
    ])
  })
})

describe(`${ERROR_DOCS} explains every code`, () => {
  const sections = sectionAnchors(ERROR_DOCS)

  test('the codes are one list, each once, that the code type is made of', () => {
    expect(new Set(SCENARIO_ERROR_CODES).size).toBe(SCENARIO_ERROR_CODES.length)
    expectTypeOf<(typeof SCENARIO_ERROR_CODES)[number]>().toEqualTypeOf<ScenarioErrorCode>()
  })

  test('its sections are the codes: one each, and none for a code that does not exist', () => {
    expect([...sections].sort()).toEqual([...SCENARIO_ERROR_CODES].sort())
  })

  test.each(SCENARIO_ERROR_CODES)(
    'a %s error ends its message with the path to its section',
    (code) => {
      const error = new ScenarioError(code, { what: 'Something happened', fix: 'Do this.' })
      expect(error.docs).toBe(`docs/reference/errors.md#${code}`)
      const lines = error.message.split('\n')
      expect(lines).toEqual([
        '[vitest-scenario] Something happened',
        'Do this.',
        `Docs: node_modules/vitest-scenario/docs/reference/errors.md#${code}`,
      ])
      // The path leads somewhere: the page is in the package, the anchor is one of its sections.
      const { page, anchor } = splitLink(error.docs)
      expect(existsSync(join(repoRoot, page))).toBe(true)
      expect(sections).toContain(anchor)
    },
  )

  test('the docs line is in the message only: the parts stay as they were given', () => {
    const error = new ScenarioError('recording_missing', {
      what: 'No recording',
      subjects: ['file: a.json'],
      details: 'Request: POST /chat/completions',
      fix: 'Re-record it.',
    })
    expect([error.what, error.subjects, error.details, error.fix]).toEqual([
      'No recording',
      ['file: a.json'],
      'Request: POST /chat/completions',
      'Re-record it.',
    ])
    expect(error.message.endsWith(`\n${docsLine(error.docs)}`)).toBe(true)
  })
})

describe('the options sections that messages point at', () => {
  test.each(Object.entries(OPTIONS_DOCS))('%s options: %s is a section of its page', (_, link) => {
    const { page, anchor } = splitLink(link)
    expect(sectionAnchors(page)).toContain(anchor)
  })
})

describe('the pages messages name ship in the package, at the path they give', () => {
  const pages = [ERROR_DOCS, ...Object.values(OPTIONS_DOCS).map((link) => splitLink(link).page)]

  test('a message names the package as the project installs it', () => {
    const pkg = JSON.parse(read('package.json')) as { name: string }
    expect(INSTALLED_PACKAGE).toBe(`node_modules/${pkg.name}/`)
    expect(docsPath(ERROR_DOCS)).toBe(`node_modules/${pkg.name}/docs/reference/errors.md`)
  })

  test('the packed tarball holds every page', () => {
    const listed = execFileSync('tar', ['-tzf', inject('packedTarball')], { encoding: 'utf8' })
    const files = listed.split('\n').map((line) => line.replace(/^package\//, ''))
    for (const page of pages) expect(files).toContain(page)
  })
})

describe('withoutDocsLine, for a message quoted inside another text', () => {
  const message = new ScenarioError('turn_timeout', { what: 'No answer', fix: 'Answer sooner.' })
    .message

  test('drops the last line when it is a docs line', () => {
    expect(withoutDocsLine(message)).toBe('[vitest-scenario] No answer\nAnswer sooner.')
  })

  test('leaves any other text as it is, a docs line that is not the last one included', () => {
    expect(withoutDocsLine('boom')).toBe('boom')
    expect(withoutDocsLine('')).toBe('')
    const quoting = `${message}\n\nThe test also failed with:\nboom`
    expect(withoutDocsLine(quoting)).toBe(quoting)
  })
})
