import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { codeBlocks, docSection } from '../support/docs.js'
import { repoRoot } from '../support/paths.js'
import { run } from '../support/run.js'
import { typeCheckStrict } from '../support/sample-project.js'

// The Agents SDK page's install commands, one per Node version, against what CI installs: leg 1
// (Node 20) from the root package.json, leg 2 (Node 22 and 24) from .ci/leg2/package.json. The
// SDK's client type must be the very `openai` package the user's `new OpenAI()` comes from; the
// SDK's 0.15 and later need openai 7, which needs Node 22, so a Node 20 project that takes the
// latest SDK gets a second, nested openai and a type error at `new OpenAI()`.

const PAGE = 'docs/guide/openai-agents.md'
const page = docSection(PAGE)

type Manifest = { devDependencies: Record<string, string> }
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T

/** The packages of the page's install command for a Node version, with the version each pins. */
function installCommand(node: string): Map<string, string | undefined> {
  const match = new RegExp(`^On ${node}:\\n\\n\`\`\`sh\\n(npm install -D .*)\\n\`\`\`$`, 'm').exec(
    page,
  )
  if (match?.[1] === undefined) throw new Error(`${PAGE} has no install command "On ${node}:"`)
  const packages = match[1].replace('npm install -D ', '').split(' ')
  return new Map(
    packages.map((spec) => {
      const at = spec.indexOf('@', 1)
      return at === -1 ? [spec, undefined] : [spec.slice(0, at), spec.slice(at + 1)]
    }),
  )
}

/** Whether an exact version is in a pin such as `6` or `0.14` (a prefix at a dot). */
const pinned = (version: string, pin: string) => version.startsWith(`${pin}.`)
const major = (version: string) => Number(/\d+/.exec(version)?.[0])
const minor = (version: string) => version.split('.').slice(0, 2).join('.')

describe("the Agents SDK page's install commands", () => {
  const leg1 = readJson<Manifest>('package.json').devDependencies
  const leg2 = readJson<Manifest>('.ci/leg2/package.json').devDependencies
  // CI's leg 2 installs from a copy whose package.json is the leg-2 manifest, so leg 1's versions
  // are not there to read: the checks against them run in leg 1 (CI runs both legs).
  const inLeg2 = JSON.stringify(leg1) === JSON.stringify(leg2)

  test.skipIf(inLeg2)('Node 20: openai 6 and the SDK 0.14, what CI leg 1 installs', () => {
    const command = installCommand('Node 20')
    expect([...command.keys()]).toEqual([
      'vitest-scenario',
      'vitest',
      'openai',
      'zod',
      '@openai/agents',
    ])
    expect(command.get('openai')).toBe('6')
    expect(command.get('@openai/agents')).toBe('0.14')
    expect(pinned(leg1.openai ?? '', '6'), leg1.openai).toBe(true)
    expect(pinned(leg1['@openai/agents'] ?? '', '0.14'), leg1['@openai/agents']).toBe(true)
  })

  test('Node 22 or later: openai 7 and the latest SDK, what CI leg 2 installs', () => {
    const command = installCommand('Node 22 or later')
    expect([...command.keys()]).toEqual([
      'vitest-scenario',
      'vitest',
      'openai',
      'zod',
      '@openai/agents',
    ])
    expect(command.get('openai')).toBe('7')
    expect(command.get('@openai/agents')).toBeUndefined()
    expect(pinned(leg2.openai ?? '', '7'), leg2.openai).toBe(true)
    // 0.15 is the first SDK on openai 7.
    const agents = leg2['@openai/agents'] ?? ''
    expect(major(agents) > 0 || Number(agents.split('.')[1]) >= 15, agents).toBe(true)
  })

  test.skipIf(inLeg2)("the versions the page says the suite runs are the legs' versions", () => {
    const says = `the test suite runs ${minor(leg1['@openai/agents'] ?? '')} on Node 20 and ${minor(leg2['@openai/agents'] ?? '')} on Node 24`
    expect(page.replace(/\s+/g, ' ')).toContain(says)
  })

  test('in this leg, the SDK uses the one installed openai, the major the page names for this Node', () => {
    const installed = readJson<{ version: string }>('node_modules/openai/package.json').version
    const sdk = readJson<{ dependencies: Record<string, string> }>(
      'node_modules/@openai/agents-openai/package.json',
    )
    expect(major(sdk.dependencies.openai ?? '')).toBe(major(installed))
    expect(
      existsSync(join(repoRoot, 'node_modules/@openai/agents-openai/node_modules/openai')),
    ).toBe(false)
    const node = major(process.versions.node)
    const command = installCommand(node >= 22 ? 'Node 22 or later' : 'Node 20')
    expect(String(major(installed))).toBe(command.get('openai'))
  })
})

describe("in this leg, a fresh project type-checks the page's example", () => {
  // Outside the repository, so nothing resolves but what the project links: the packed package
  // and the packages of the page's install command (and what the setup entry loads).
  const dir = mkdtempSync(join(tmpdir(), 'vitest-scenario-agents-install-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test('with the packed tarball and the installed openai and SDK, `tsc` passes strict', () => {
    cpSync(
      join(repoRoot, 'test/projects/readme-openai-agents/package.json'),
      join(dir, 'package.json'),
    )
    const target = join(dir, 'node_modules/vitest-scenario')
    mkdirSync(target, { recursive: true })
    const untar = run('tar', [
      '-xzf',
      inject('packedTarball'),
      '-C',
      target,
      '--strip-components=1',
    ])
    expect(untar.code, untar.output).toBe(0)
    const links = ['vitest', 'openai', 'zod', '@openai/agents', 'tinyspy', '@mswjs/interceptors']
    for (const name of [...links, '@types/node']) {
      mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true })
      symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name), 'dir')
    }
    const [example = ''] = codeBlocks(page, 'ts')
    expect(example).toContain('new OpenAIProvider({ openAIClient, useResponses: false })')
    writeFileSync(join(dir, 'billing.test.ts'), example)
    const tsc = typeCheckStrict(dir, { types: ['node'] })
    expect(tsc.output.trim()).toBe('')
    expect(tsc.code).toBe(0)
  }, 120_000)
})
