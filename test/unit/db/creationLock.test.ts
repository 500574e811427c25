import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { creationLockFile, STALE_LOCK_MS, withCreationLock } from '../../../src/main/db/creationLock'
import { openDatabase } from '../../../src/main/db/open'

const newFile = () => join(mkdtempSync(join(tmpdir(), 'kanslia-lock-')), 'k.db')

/**
 * Another process holding the creation lock of `file` for `holdMs`: it reports whether `file`
 * existed just before it lets go, then removes the lock.
 */
function holdLock(file: string, holdMs: number): { reported: Promise<string> } {
  const script = `const fs = require('node:fs')
    fs.writeFileSync(process.argv[1], process.pid + '\\n', { flag: 'wx' })
    setTimeout(() => { process.stdout.write(fs.existsSync(process.argv[2]) ? 'present' : 'absent'); fs.unlinkSync(process.argv[1]) }, ${holdMs})`
  const child = spawn(process.execPath, ['-e', script, creationLockFile(file), file], { stdio: ['ignore', 'pipe', 'inherit'] })
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
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    writeFileSync(creationLockFile(file), `${gone}\n`)
    expect(withCreationLock(file, () => 'created')).toBe('created')

    writeFileSync(creationLockFile(file), `${process.pid}\n`)
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
