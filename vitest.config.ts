import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The sample projects are spawned by the integration tests, never collected here.
    exclude: [...configDefaults.exclude, 'test/projects/**', 'test-results/**'],
    globalSetup: ['test/support/pack-package.ts', 'test/support/llama/global-setup.ts'],
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
})
