import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { docPages } from '../support/doc-blocks.js'
import { pageHeadings } from '../support/github-anchors.js'
import { repoRoot } from '../support/paths.js'

// The published docs (README, CONTRIBUTING.md, docs/) stand on their own: every relative link
// leads to a file of the repository and, with an anchor, to a heading of that page, and nothing
// points at files a reader of the repository does not have.

/** A page's text without its fenced code blocks (a link in a code sample is no link). */
function prose(page: string): string {
  const lines = readFileSync(join(repoRoot, page), 'utf8').split('\n')
  let fenced = false
  return lines
    .filter((line) => {
      if (/^ {0,3}```[^`]*$/.test(line)) {
        fenced = !fenced
        return false
      }
      return !fenced
    })
    .join('\n')
}

/** The relative link targets of a page's prose (`[text](target)`), web and mail links left out. */
function relativeLinks(page: string): string[] {
  return [...prose(page).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^(https?:|mailto:)/.test(target))
}

const anchors = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let found = anchors.get(file)
  if (found === undefined) {
    found = new Set(pageHeadings(readFileSync(file, 'utf8')).map((heading) => heading.anchor))
    anchors.set(file, found)
  }
  return found
}

/** What is wrong with one link of a page, or `undefined`. */
function brokenLink(page: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#')
  const file = path === '' ? join(repoRoot, page) : resolve(dirname(join(repoRoot, page)), path)
  const inside = relative(repoRoot, file)
  if (inside.startsWith('..')) return `${page}: ${target} leads outside the repository`
  if (!existsSync(file)) return `${page}: ${target} names no file`
  if (anchor === undefined || anchor === '' || statSync(file).isDirectory()) return undefined
  if (!file.endsWith('.md')) return `${page}: ${target} has an anchor on a file that is no page`
  if (!anchorsOf(file).has(anchor)) return `${page}: ${target} names no heading of ${inside}`
  return undefined
}

const pages = docPages()

describe('the links of the docs', () => {
  test('the pages are found, with their links', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']))
    expect(pages.filter((page) => page.startsWith('docs/recipes/')).length).toBe(5)
    expect(pages.flatMap(relativeLinks).length).toBeGreaterThan(100)
  })

  test('every relative link leads to a file of the repository, and an anchor to a heading', () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(page).flatMap((target) => brokenLink(page, target) ?? []),
    )
    expect(broken).toEqual([])
  })

  test('the check finds a missing file, a missing heading and a link out of the repository', () => {
    expect(brokenLink('docs/guide/jest.md', 'recordings.md#no-such-heading')).toMatch(/no heading/)
    expect(brokenLink('docs/guide/jest.md', 'no-such-page.md')).toMatch(/names no file/)
    expect(brokenLink('README.md', '../shared/SPEC.md')).toMatch(/outside the repository/)
    expect(brokenLink('docs/guide/jest.md', 'recordings.md#any-provider')).toBeUndefined()
    expect(brokenLink('docs/guide/reports.md', '#sharding-and-merged-reports')).toBeUndefined()
  })

  test('pageHeadings finds the headings after a line that opens with an inline code span of backticks', () => {
    const guide = [
      '```` ```mermaid ```` flowchart',
      '',
      '## After it',
      '',
      '````',
      '## In a fence',
      '````',
    ]
    const anchors = pageHeadings(guide.join('\n')).map((h) => h.anchor)
    expect(anchors).toEqual(['after-it'])
  })
  test('the README stays a landing page: at most 250 lines, linking into the docs', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(250)
    for (const part of ['guide', 'recipes', 'reference']) {
      expect(relativeLinks('README.md').some((target) => target.startsWith(`docs/${part}/`))).toBe(
        true,
      )
    }
  })

  test('no page refers to the files the library was designed from', () => {
    const outside = /\.\.\/shared|\bSPEC\b|ci-local|\bseeds\//
    const found = pages.flatMap((page) =>
      readFileSync(join(repoRoot, page), 'utf8')
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${page}:${index + 1}: ${line}`] : [])),
    )
    expect(found).toEqual([])
  })
})
