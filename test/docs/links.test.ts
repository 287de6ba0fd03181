import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { describe, expect, inject, test } from 'vitest'
import { docPages } from '../support/doc-blocks.js'
import { pageHeadings } from '../support/github-anchors.js'
import { repoRoot } from '../support/paths.js'

// The docs stand on their own wherever they are read. A page the package ships (the README, docs/,
// the examples' README) is read on the npm page and in node_modules, so every relative link and
// image of it names a file of the packed tarball; a page that only the repository has
// (CONTRIBUTING.md) links to files of the repository. With an anchor, a link leads to a heading of
// the page it names, and nothing points at files a reader does not have.

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

/**
 * The relative link targets of a page's prose — `[text](target)`, `![alt](image)` and HTML
 * `<img src="image">` — web and mail links left out.
 */
function relativeLinks(page: string): string[] {
  const text = prose(page)
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
  const images = [...text.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map(
    (match) => match[1] ?? '',
  )
  return [...links, ...images].filter((target) => !/^(https?:|mailto:|data:)/.test(target))
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

/** What is wrong with an anchor on a page of the repository (`file`, absolute), or `undefined`. */
function brokenAnchor(page: string, target: string, file: string, anchor: string | undefined) {
  if (anchor === undefined || anchor === '' || statSync(file).isDirectory()) return undefined
  if (!file.endsWith('.md')) return `${page}: ${target} has an anchor on a file that is no page`
  if (!anchorsOf(file).has(anchor)) {
    return `${page}: ${target} names no heading of ${relative(repoRoot, file)}`
  }
  return undefined
}

/** What is wrong with one link of a page the repository has and the package does not, or `undefined`. */
function brokenLink(page: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#')
  const file = path === '' ? join(repoRoot, page) : resolve(dirname(join(repoRoot, page)), path)
  const inside = relative(repoRoot, file)
  if (inside.startsWith('..')) return `${page}: ${target} leads outside the repository`
  if (!existsSync(file)) return `${page}: ${target} names no file`
  return brokenAnchor(page, target, file, anchor)
}

/** The files of the packed tarball, relative to the package root (`docs/guide/jest.md`). */
function packedFiles(): string[] {
  const listed = execFileSync('tar', ['-tzf', inject('packedTarball')], { encoding: 'utf8' })
  return listed
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/^package\//, ''))
}

/**
 * What is wrong with one link of a page the package ships, or `undefined`: the target must be a
 * file of the tarball (`files`), or a folder that holds some; an anchor is checked on the page
 * as the repository has it (the tarball holds the same text).
 */
function brokenInPackage(
  page: string,
  target: string,
  files: readonly string[],
): string | undefined {
  const [path = '', anchor] = target.split('#')
  const file = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), path))
  if (file.startsWith('..')) return `${page}: ${target} leads outside the package`
  const folder = `${file.replace(/\/+$/, '')}/`
  if (!files.includes(file) && !files.some((name) => name.startsWith(folder))) {
    return `${page}: ${target} names no file the package ships`
  }
  return brokenAnchor(page, target, join(repoRoot, file), anchor)
}

const pages = docPages()
const packed = packedFiles()
/** The Markdown pages of the tarball: read on the npm page and in node_modules. */
const shipped = packed.filter((file) => file.endsWith('.md'))
/** The pages of the docs that only the repository has. */
const repositoryOnly = pages.filter((page) => !shipped.includes(page))

describe('the links of the docs', () => {
  test('the pages are found, with their links', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']))
    expect(pages.filter((page) => page.startsWith('docs/recipes/')).length).toBe(5)
    expect(pages.flatMap(relativeLinks).length).toBeGreaterThan(100)
  })

  test('the package ships the README and the docs; CONTRIBUTING.md stays in the repository', () => {
    expect(shipped).toEqual(expect.arrayContaining(['README.md', 'docs/reference/errors.md']))
    expect(pages.filter((page) => page.startsWith('docs/')).every((p) => shipped.includes(p))).toBe(
      true,
    )
    expect(repositoryOnly).toEqual(['CONTRIBUTING.md'])
  })

  test('every relative link and image of a shipped page names a file of the packed tarball', () => {
    const broken = shipped.flatMap((page) =>
      relativeLinks(page).flatMap((target) => brokenInPackage(page, target, packed) ?? []),
    )
    expect(broken).toEqual([])
  })

  test('every relative link of a page only the repository has leads to a file of it', () => {
    const broken = repositoryOnly.flatMap((page) =>
      relativeLinks(page).flatMap((target) => brokenLink(page, target) ?? []),
    )
    expect(broken).toEqual([])
  })

  test('the package check finds a file the tarball lacks, an image, a link out of the package', () => {
    const withoutImage = packed.filter((file) => file !== 'docs/html-report.png')
    expect(brokenInPackage('README.md', 'docs/html-report.png', withoutImage)).toMatch(
      /names no file the package ships/,
    )
    expect(brokenInPackage('README.md', 'docs/html-report.png', packed)).toBeUndefined()
    expect(brokenInPackage('README.md', 'CONTRIBUTING.md', packed)).toMatch(/no file the package/)
    expect(brokenInPackage('docs/guide/recordings.md', '../../test/projects/', packed)).toMatch(
      /no file the package/,
    )
    expect(brokenInPackage('docs/guide/jest.md', '../../../x.md', packed)).toMatch(
      /outside the package/,
    )
    expect(
      brokenInPackage('docs/guide/jest.md', 'recordings.md#any-provider', packed),
    ).toBeUndefined()
    expect(brokenInPackage('docs/guide/jest.md', 'recordings.md#nope', packed)).toMatch(
      /no heading/,
    )
    expect(brokenInPackage('docs/guide/jest.md', '../../docs/', packed)).toBeUndefined()
  })

  test('images and HTML <img> are links too', () => {
    expect(relativeLinks('README.md')).toContain('docs/html-report.png')
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
  test('the README keeps what CI reads from it: the test command and the Debian packages', () => {
    // CI installs the Debian packages the README lists and runs the README's test command; a
    // README without its Development section leaves CI with neither.
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
    const development = readme.split('\n## Development\n')[1]?.split('\n## ')[0] ?? ''
    expect(development).toContain('`npm ci && npm test`')
    const ciScript = readFileSync(join(repoRoot, '.ci/run'), 'utf8')
    expect(ciScript).toContain('for tool in cmake g++ git make')
    expect(development).toMatch(/\*\*Debian packages:\*\* `cmake g\+\+ git make`[\s\S]*`chromium`/)
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
