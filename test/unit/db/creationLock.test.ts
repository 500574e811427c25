import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { creationLockFile, STALE_LOCK_MS, withCreationLock } from '../../../src/main/db/creationLock'
import { openDatabase } from '../../../src/main/db/open'

const newFile = () => join(mkdtempSync(join(tmpdir(), 'kanslia-lock-')), 'k.db')

/** The pid a process had that has exited. */
const gonePid = (): string => spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout

/**
 * Another process holding the creation lock of `file` for `holdMs`: it reports whether `file`
 * existed just before it lets go, then removes the lock. The lock names that process on this
 * machine, or `holder` when given.
 */
function holdLock(file: string, holdMs: number, holder?: string): { reported: Promise<string> } {
  const script = `const fs = require('node:fs')
    fs.writeFileSync(process.argv[1], (process.argv[3] || process.pid + ' ' + require('node:os').hostname()) + '\\n', { flag: 'wx' })
    setTimeout(() => { process.stdout.write(fs.existsSync(process.argv[2]) ? 'present' : 'absent'); fs.unlinkSync(process.argv[1]) }, ${holdMs})`
  const child = spawn(process.execPath, ['-e', script, creationLockFile(file), file, holder ?? ''], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  return { reported: new Promise((resolve) => child.once('exit', () => resolve(out))) }
}

describe('withCreationLock', () => {
  it('holds the lock while creating and removes it after, also when the creation fails', () => {
    const file = newFile()
    expect(withCreationLock(file, () => existsSync(creationLockFile(file)))).toBe(true)
    expect(existsSync(creationLockFile(file))).toBe(false)
    expect(() => withCreationLock(file, () => { throw new Error('disk full') })).toThrow('disk full')
    expect(existsSync(creationLockFile(file))).toBe(false)
  })

  it('says which folder cannot be written when the lock cannot be made there', () => {
    const notAFolder = newFile()
    writeFileSync(notAFolder, '')
    expect(() => withCreationLock(join(notAFolder, 'k.db'), () => 'never')).toThrow(`cannot create ${join(notAFolder, 'k.db')}: the folder ${notAFolder} cannot be written (ENOTDIR)`)
  })

  it('takes over the lock of a process that is gone, and one older than STALE_LOCK_MS', () => {
    const file = newFile()
    writeFileSync(creationLockFile(file), `${gonePid()} ${hostname()}\n`)
    expect(withCreationLock(file, () => 'created')).toBe('created')

    writeFileSync(creationLockFile(file), `${process.pid} ${hostname()}\n`)
    const old = (Date.now() - STALE_LOCK_MS - 5_000) / 1000
    utimesSync(creationLockFile(file), old, old)
    expect(withCreationLock(file, () => 'created again')).toBe('created again')
  })
})

describe('openDatabase and the creation lock', () => {
  it('creates a new database only after another process creating it has let go, and removes its own lock after', async () => {
    const file = newFile()
    const other = holdLock(file, 400)
    await vi.waitFor(() => expect(existsSync(creationLockFile(file))).toBe(true))
    const db = openDatabase(file)
    expect(await other.reported).toBe('absent')
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    db.close()
    expect(existsSync(creationLockFile(file))).toBe(false)
  })

  it('waits for a lock of another machine even when its pid runs nothing here (a database in a shared folder)', async () => {
    const file = newFile()
    const other = holdLock(file, 400, `${gonePid()} elsewhere.example`)
    await vi.waitFor(() => expect(existsSync(creationLockFile(file))).toBe(true))
    openDatabase(file).close()
    expect(await other.reported).toBe('absent')
  })

  it('opens an existing encrypted database without waiting for a lock', async () => {
    const file = newFile()
    openDatabase(file).close()
    const other = holdLock(file, 1_500)
    await vi.waitFor(() => expect(existsSync(creationLockFile(file))).toBe(true))
    const db = openDatabase(file)
    expect(existsSync(creationLockFile(file))).toBe(true)
    db.close()
    await other.reported
  })
})
