// Prints the stack a CI leg runs on: the Node running this script and the vitest, openai and
// zod versions installed in the current directory's node_modules.
import { readFileSync } from 'node:fs'

const version = (name) => {
  try {
    return JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version
  } catch {
    return 'not installed'
  }
}
const leg = process.argv[2] ?? '?'
console.log(
  `[ci] leg ${leg}: node ${process.version}, vitest ${version('vitest')}, openai ${version('openai')}, zod ${version('zod')}`,
)
