import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Vitest global setup: the run's temporary files (databases with generated people, sandboxes'
 * folders, exports, Chromium profiles) all go under one folder, `TMPDIR` for the test workers and
 * everything they start, and that folder is removed when the run ends, also after failed tests.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'kanslia-tests-'))
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
