import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
// electron-builder's own loader and schema check, resolved from electron-builder's install.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'))
const { getConfig, validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Record<string, any>>
  validateConfiguration(config: unknown, logger: unknown): Promise<void>
}
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }

/** File patterns of a `files`/`asarUnpack` value, whether written as strings or normalised to `{ filter }` sets. */
const patterns = (value: Array<string | { filter: string[] }>): string[] => value.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter))

/** The installer configuration (issue 3: AppImage, deb, NSIS, dmg; native modules unpacked) and the fuses of issue 6. */
describe('electron-builder configuration', () => {
  const config = getConfig(ROOT, null, null)

  it('passes electron-builder’s own schema check', async () => {
    await expect(validateConfiguration(await config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('builds AppImage and deb, NSIS, and dmg', async () => {
    const { linux, win, mac } = await config
    expect(linux.target).toEqual(['AppImage', 'deb'])
    expect(win.target).toEqual(['nsis'])
    expect(mac.target).toEqual(['dmg'])
  })

  it('packages the built app and its resources, and unpacks and rebuilds the native modules', async () => {
    const { files, asarUnpack, npmRebuild } = await config
    expect(patterns(files)).toEqual(expect.arrayContaining(['out/**', 'resources/**', 'package.json']))
    expect(patterns(asarUnpack)).toEqual(expect.arrayContaining(['**/*.node', 'node_modules/better-sqlite3-multiple-ciphers/**']))
    expect(npmRebuild).toBe(true)
  })

  it('sets the security fuses: no run-as-node, NODE_OPTIONS or inspect; encrypted cookies; asar only, integrity-checked', async () => {
    expect((await config).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true
    })
  })
})
