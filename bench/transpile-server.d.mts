/** Writes the scripted server's modules and a `package.json` marking them ESM into `outDir`. */
export function transpileScriptedServer(outDir: string): void
