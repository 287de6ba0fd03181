import { join } from 'node:path'
import type { CompileCommand } from './compile-commands.js'

/** Source files that may be compiled together in one translation unit. */
export interface UnityRule {
  /** A source file whose path contains this takes part. */
  readonly match: string
  /** At most this many files per translation unit. */
  readonly maxFiles: number
}

/** One compiler run: one source file, or several through a generated unity file. */
export interface CompileJob {
  readonly compiler: string
  readonly flags: readonly string[]
  readonly cwd: string
  /** The real source files this job compiles. */
  readonly sources: readonly string[]
  /** What the compiler is given: the source file itself, or the unity file. */
  readonly input: string
  /** The text of the unity file to write at `input` (absent for a single source file). */
  readonly unityText?: string
  readonly object: string
}

/**
 * Plans a "unity build": source files matched by a rule and compiled with identical flags are
 * `#include`d, a few at a time, into one generated file, so the headers they share (nlohmann
 * json, cpp-httplib, ggml) are parsed once per batch instead of once per file. The 44 small
 * `tools/mtmd/models/*.cpp` files (vision and audio encoders) compile in about 3 s together
 * instead of about 50 s one by one. Files no rule matches are compiled alone. Batches keep
 * `compile_commands.json` order. Object and unity files go into `outDir`, named after the batch.
 */
export function planUnityBuild(
  commands: readonly CompileCommand[],
  rules: readonly UnityRule[],
  outDir: string,
): CompileJob[] {
  const groups = new Map<string, { rule: UnityRule; commands: CompileCommand[] }>()
  const jobs: CompileJob[] = []
  const name = (source: string): string =>
    source.replace(/^.*?\/(tools|vendor)\//, '$1/').replace(/[^A-Za-z0-9]+/g, '_')
  for (const command of commands) {
    const rule = rules.find((r) => command.source.includes(r.match))
    if (rule === undefined) {
      jobs.push({
        ...command,
        sources: [command.source],
        input: command.source,
        object: join(outDir, `${name(command.source)}.o`),
      })
      continue
    }
    const key = JSON.stringify([rule.match, command.compiler, command.cwd, command.flags])
    const group = groups.get(key) ?? { rule, commands: [] }
    group.commands.push(command)
    groups.set(key, group)
  }
  for (const { rule, commands: members } of groups.values()) {
    const batches = Math.ceil(members.length / rule.maxFiles)
    const size = Math.ceil(members.length / batches)
    for (let b = 0; b < batches; b++) {
      const batch = members.slice(b * size, (b + 1) * size)
      const [first] = batch
      if (first === undefined) continue
      if (batch.length === 1) {
        jobs.push({
          ...first,
          sources: [first.source],
          input: first.source,
          object: join(outDir, `${name(first.source)}.o`),
        })
        continue
      }
      const base = `unity_${name(first.source)}_${batch.length}`
      jobs.push({
        compiler: first.compiler,
        flags: first.flags,
        cwd: first.cwd,
        sources: batch.map((c) => c.source),
        input: join(outDir, `${base}.cpp`),
        unityText: batch.map((c) => `#include ${JSON.stringify(c.source)}\n`).join(''),
        object: join(outDir, `${base}.o`),
      })
    }
  }
  return jobs
}
