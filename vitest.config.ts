import { randomBytes } from 'node:crypto'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    // Whole syncs of thousands of athletes under injected faults, two test files at once on two cores: minutes, not seconds.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Integration tests start sandboxes and child processes; two cores, so keep parallelism low.
    maxWorkers: 2,
    reporters: ['default'],
    globalSetup: ['test/support/tempRoot.ts'],
    // Databases are encrypted (issue 6). The test machine has no Secret Service, so the suite's
    // databases take a fresh random key per run from the variable headless runs use; spawned CLI
    // processes and sync worker threads inherit it. The keychain tests unset it.
    env: { KANSLIA_DATABASE_KEY: randomBytes(32).toString('hex') }
  }
})
