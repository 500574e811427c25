import { mkdtempSync, renameSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { startCheckpointer, WRITER_CHECKPOINT_PAGES } from '../../../src/main/db/checkpointer'
import { openDatabase, openDatabaseReadonly, WAL_AUTOCHECKPOINT_PAGES, type WritableDB } from '../../../src/main/db/open'

const newFile = () => join(mkdtempSync(join(tmpdir(), 'kanslia-checkpoint-')), 'k.db')
const autoCheckpoint = (db: WritableDB) => db.pragma('wal_autocheckpoint', { simple: true }) as number

/** Commits `transactions` transactions of 200 persons each (~100 KB of WAL each). */
function writePersons(db: WritableDB, transactions: number, from = 0): void {
  const insert = db.prepare('INSERT INTO person (id, first_name, last_name, modification_us, raw) VALUES (?, ?, ?, 1, ?)')
  for (let t = 0; t < transactions; t++) {
    db.transaction(() => {
      for (let i = 0; i < 200; i++) {
        const id = from + t * 200 + i
        insert.run(id, `First ${id}`, `Last ${id}`, JSON.stringify({ id, text: 'x'.repeat(400) }))
      }
    })()
  }
}

describe('startCheckpointer', () => {
  it('copies committed WAL frames into the encrypted database file on its own thread while the writer, checkpointing only past 256 MiB itself, goes on', async () => {
    const file = newFile()
    const db = openDatabase(file)
    const checkpointer = startCheckpointer(db)
    await vi.waitFor(() => expect(autoCheckpoint(db)).toBe(WRITER_CHECKPOINT_PAGES))
    const sizeBefore = statSync(file).size
    writePersons(db, 30)
    // Only a checkpoint writes pages into the main file, and these 3 MB are far below the writer's own threshold.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(sizeBefore + 2_000_000), { timeout: 10_000 })
    writePersons(db, 5, 6000)
    await checkpointer.stop()
    expect(autoCheckpoint(db)).toBe(WAL_AUTOCHECKPOINT_PAGES)
    db.close()

    const reader = openDatabaseReadonly(file)
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(reader.prepare('SELECT count(*) FROM person').pluck().get()).toBe(7000)
    reader.close()
  })

  it('leaves the writer checkpointing for itself when stopped before its worker was ready', async () => {
    const db = openDatabase(newFile())
    await startCheckpointer(db).stop()
    expect(autoCheckpoint(db)).toBe(WAL_AUTOCHECKPOINT_PAGES)
    writePersons(db, 2)
    db.close()
  })

  it('gives the checkpoints back to the writer when its worker cannot open the file', async () => {
    const file = newFile()
    const db = openDatabase(file)
    renameSync(file, `${file}.moved`)
    const checkpointer = startCheckpointer(db)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(autoCheckpoint(db)).toBe(WAL_AUTOCHECKPOINT_PAGES)
    writePersons(db, 2)
    await checkpointer.stop()
    expect(autoCheckpoint(db)).toBe(WAL_AUTOCHECKPOINT_PAGES)
    db.close()
  })

  it('starts no worker for an in-memory database', async () => {
    const db = openDatabase(':memory:')
    await startCheckpointer(db).stop()
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory')
    db.close()
  })
})
