import { expect, test } from 'vitest'
import { selectCompileCommands, splitCommandLine } from '../support/llama/compile-commands.js'
import { planUnityBuild } from '../support/llama/unity-build.js'

test('command lines split like a shell: quotes and backslash escapes', () => {
  expect(splitCommandLine('c++  -DA="x y" "-I/p q/r" -DB=\\"s\\" -c  f.cpp ')).toEqual([
    'c++',
    '-DA=x y',
    '-I/p q/r',
    '-DB="s"',
    '-c',
    'f.cpp',
  ])
})

const entry = (file: string, defines = '-DX') => ({
  directory: '/b',
  file,
  command: `/usr/bin/c++ ${defines} -O3 -Wall -o obj/${file.replace(/\W/g, '_')}.o -c ${file}`,
})

test('the wanted compile commands lose -O/-W, -o and -c; a file listed twice is kept once', () => {
  const commands = selectCompileCommands(
    [
      entry('/s/tools/server/a.cpp'),
      entry('/s/tools/other/x.cpp'),
      entry('/s/tools/server/a.cpp'),
      entry('/s/tools/server/cli.cpp'),
    ],
    { include: ['/tools/server/'], exclude: ['cli.cpp'] },
  )
  expect(commands).toEqual([
    { compiler: '/usr/bin/c++', flags: ['-DX'], cwd: '/b', source: '/s/tools/server/a.cpp' },
  ])
})

test('unity batches join files of one rule and one flag set, evenly, in order', () => {
  const commands = selectCompileCommands(
    [
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => entry(`/s/tools/server/${n}.cpp`)),
      entry('/s/tools/server/main.cpp', '-DMAIN'),
      entry('/s/vendor/lib.cpp'),
    ],
    { include: ['/'], exclude: [] },
  )
  const jobs = planUnityBuild(commands, [{ match: '/tools/server/', maxFiles: 5 }], '/o')
  expect(jobs.map((j) => j.sources.map((s) => s.replace(/^.*\//, '')))).toEqual([
    ['lib.cpp'],
    ['a.cpp', 'b.cpp', 'c.cpp', 'd.cpp'],
    ['e.cpp', 'f.cpp', 'g.cpp'],
    ['main.cpp'],
  ])
  const [, first] = jobs
  expect(first?.input).toBe('/o/unity_tools_server_a_cpp_4.cpp')
  expect(first?.unityText).toBe(
    ['a', 'b', 'c', 'd'].map((n) => `#include "/s/tools/server/${n}.cpp"\n`).join(''),
  )
  expect(new Set(jobs.map((j) => j.object)).size).toBe(jobs.length)
})
