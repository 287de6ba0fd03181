/**
 * The two npm packages the llama-server test fixture is built from, pinned with the sha512
 * `dist.integrity` the registry reports for them (`npm view <name>@<version> dist.integrity`).
 * They are fetched with `npm pack` into the build cache and never installed as dependencies.
 */

/** One pinned npm tarball. */
export interface PinnedPackage {
  /** The package name on the npm registry. */
  readonly name: string
  /** The exact version; both packages must carry the same node-llama-cpp release. */
  readonly version: string
  /** The registry's `dist.integrity` (Subresource Integrity form, `sha512-<base64>`). */
  readonly integrity: string
  /** The file name `npm pack` writes for this package. */
  readonly tarball: string
}

/** The node-llama-cpp release both packages come from. */
export const nodeLlamaCppVersion = '3.22.1'

/**
 * `node-llama-cpp` ships the llama.cpp source tree as a git bundle (`llama/gitRelease.bundle`),
 * with llama-server's sources, the vocab-only GGUF files and the chat templates.
 */
export const llamaSourcePackage: PinnedPackage = {
  name: 'node-llama-cpp',
  version: nodeLlamaCppVersion,
  integrity:
    'sha512-bltIipuWmc123H7tMIgDGKSsSrhmhlQYeVUC48XTjVW7XGJJiJJyCdlTMzQ/LiWoPkGDpcL4FviDpgw7qfTiDw==',
  tarball: `node-llama-cpp-${nodeLlamaCppVersion}.tgz`,
}

/**
 * `@node-llama-cpp/linux-x64` ships the prebuilt `libllama`, `libllama-common` and `libggml*`
 * CPU libraries (glibc, x86-64) that llama-server is linked against.
 */
export const llamaPrebuiltPackage: PinnedPackage = {
  name: '@node-llama-cpp/linux-x64',
  version: nodeLlamaCppVersion,
  integrity:
    'sha512-5uCCDNqWCNfaAm8aR/Uzxbo4HBpKgNF91kCHPepKhgMgV2OAmatoefbOlMihsqCiH2Od35E/eUHQCFbfRBJuOg==',
  tarball: `node-llama-cpp-linux-x64-${nodeLlamaCppVersion}.tgz`,
}
