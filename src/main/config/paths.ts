import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/** The application's name as the OS folders spell it; Electron derives `userData` from it too. */
export const APP_NAME = 'Kanslia'

/**
 * The per-user application data folder, the same one Electron's `app.getPath('userData')` gives
 * for this app, so the CLI and the desktop app share one database:
 * Linux `$XDG_CONFIG_HOME/Kanslia` (default `~/.config/Kanslia`), macOS
 * `~/Library/Application Support/Kanslia`, Windows `%APPDATA%\Kanslia`.
 * `KANSLIA_HOME` overrides it (tests, portable installs).
 */
export function appDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.KANSLIA_HOME) return env.KANSLIA_HOME
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), APP_NAME)
}

/** The database the desktop app uses: `<appDataDir>/kanslia.db`. */
export function defaultDatabaseFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(appDataDir(env), 'kanslia.db')
}

/** The database `kanslia demo` fills from the embedded sandbox: `<appDataDir>/demo.db`. */
export function demoDatabaseFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(appDataDir(env), 'demo.db')
}

/** Whether `file` is the demo database (`demoDatabaseFile`) of the data folder `env` decides, however it is written. */
export function isDemoDatabase(file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return resolve(file) === resolve(demoDatabaseFile(env))
}

/** The saved connection profile (no secrets): `<appDataDir>/connection.json`. */
export function connectionProfileFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(appDataDir(env), 'connection.json')
}
