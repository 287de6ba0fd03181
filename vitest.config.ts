import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The sample projects and the examples are spawned by the integration tests (each with its
    // own config), never collected here.
    exclude: [...configDefaults.exclude, 'test/projects/**', 'test-results/**', 'examples/**'],
    globalSetup: ['test/support/pack-package.ts', 'test/support/llama/global-setup.ts'],
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
})
