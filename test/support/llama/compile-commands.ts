/** One compiler invocation from CMake's `compile_commands.json`, taken apart. */
export interface CompileCommand {
  /** The compiler executable. */
  readonly compiler: string
  /** Its flags without `-o <object>`, `-c <source>`, and without any `-O*` or `-W*` flag. */
  readonly flags: readonly string[]
  /** The folder CMake runs the command in. */
  readonly cwd: string
  /** The source file, as listed (an absolute path). */
  readonly source: string
}

/** Which entries of `compile_commands.json` {@link selectCompileCommands} keeps. */
export interface CompileSelection {
  /** Keep a source file when its path contains one of these. */
  readonly include: readonly string[]
  /** ...unless its path ends with one of these. */
  readonly exclude: readonly string[]
}

interface RawEntry {
  readonly directory: string
  readonly file: string
  readonly command?: string
  readonly arguments?: readonly string[]
}

/**
 * Splits a command line as CMake writes it into `compile_commands.json`: words separated by
 * blanks, double quotes around words with blanks, backslash escapes.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i)
    if (ch === '\\' && i + 1 < line.length) {
      word += line.charAt(++i)
      inWord = true
    } else if (ch === '"') {
      quoted = !quoted
      inWord = true
    } else if (!quoted && /\s/.test(ch)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += ch
      inWord = true
    }
  }
  if (inWord) words.push(word)
  return words
}

function isRawEntry(value: unknown): value is RawEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.directory === 'string' &&
    typeof entry.file === 'string' &&
    (typeof entry.command === 'string' || Array.isArray(entry.arguments))
  )
}

/**
 * Picks the compile commands of the wanted source files out of a parsed `compile_commands.json`
 * and takes each apart (see {@link CompileCommand}). A source file that several targets list is
 * kept once.
 */
export function selectCompileCommands(
  entries: unknown,
  selection: CompileSelection,
): CompileCommand[] {
  if (!Array.isArray(entries)) throw new Error('compile_commands.json is not an array')
  const commands: CompileCommand[] = []
  const seen = new Set<string>()
  for (const entry of entries) {
    if (!isRawEntry(entry)) throw new Error('unexpected entry in compile_commands.json')
    const source = entry.file
    if (!selection.include.some((part) => source.includes(part))) continue
    if (selection.exclude.some((end) => source.endsWith(end))) continue
    if (seen.has(source)) continue
    seen.add(source)
    const [compiler, ...words] = entry.arguments
      ? [...entry.arguments]
      : splitCommandLine(entry.command ?? '')
    const flags: string[] = []
    let sawSource = false
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? ''
      if (word === '-o') {
        i++
      } else if (word === '-c') {
        sawSource ||= words[i + 1] === source
        i++
      } else if (!/^-[OW]/.test(word)) {
        flags.push(word)
      }
    }
    if (compiler === undefined || !sawSource) {
      throw new Error(`unexpected compile command for ${source}`)
    }
    commands.push({ compiler, flags, cwd: entry.directory, source })
  }
  return commands
}
