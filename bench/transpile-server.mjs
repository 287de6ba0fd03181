// Transpiles the test suite's scripted OpenAI-compatible server (TypeScript; its imports already
// end in `.js`) into `outDir`, so benchmarks can run it in a child process with plain `node`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const source = fileURLToPath(new URL('../test/support/openai-server/', import.meta.url))

/** Writes the server's modules and a `package.json` marking them ESM into `outDir`. */
export function transpileScriptedServer(outDir) {
  mkdirSync(outDir, { recursive: true })
  for (const file of readdirSync(source).filter((f) => f.endsWith('.ts'))) {
    const { outputText } = ts.transpileModule(readFileSync(join(source, file), 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: false,
      },
    })
    writeFileSync(join(outDir, file.replace(/\.ts$/, '.js')), outputText)
  }
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n')
}
