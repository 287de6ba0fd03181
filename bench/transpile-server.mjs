// Transpiles the test suite's scripted OpenAI-compatible server (TypeScript; its imports already
// end in `.js`) into `outDir`, so benchmarks can run it in a child process with plain `node`.
// The server imports its protocol-independent parts from `../scripted-http/`, so both folders
// keep their names side by side, and `outDir/index.js` re-exports the server's entry.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const support = fileURLToPath(new URL('../test/support/', import.meta.url))
const folders = ['openai-server', 'scripted-http']

/** Writes the server's modules and a `package.json` marking them ESM into `outDir`. */
export function transpileScriptedServer(outDir) {
  for (const folder of folders) {
    const source = join(support, folder)
    const target = join(outDir, folder)
    mkdirSync(target, { recursive: true })
    for (const file of readdirSync(source).filter((f) => f.endsWith('.ts'))) {
      const { outputText } = ts.transpileModule(readFileSync(join(source, file), 'utf8'), {
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: false,
        },
      })
      writeFileSync(join(target, file.replace(/\.ts$/, '.js')), outputText)
    }
  }
  writeFileSync(join(outDir, 'index.js'), "export * from './openai-server/index.js'\n")
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n')
}
