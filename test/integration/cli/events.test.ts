import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { registrationWindowAt, type EventRow } from '../../../src/shared/events'
import { helsinkiLocalDateTime } from '../../../src/shared/helsinkiTime'
import { runCli, syncByCli } from '../../support/cli'

let sandbox: Sandbox
let db: string

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 200, seed: 31 })
  db = join(mkdtempSync(join(tmpdir(), 'kanslia-events-')), 'kanslia.db')
  expect((await syncByCli(sandbox, db)).code).toBe(0)
})

afterAll(async () => {
  await sandbox?.close()
})

/** `kanslia events`: the stored events with the UUIDs `register --event` takes (issue 7 "Events"). */
describe('kanslia events', () => {
  it('lists the stored events newest first with their UUIDs, filtered by text and start day, as a table or JSON', async () => {
    const json = await runCli(['events', '--json', '--db', db])
    expect(json.code).toBe(0)
    const events = JSON.parse(json.stdout) as EventRow[]
    // Once each, every event the v3 listing or the v2 search stored.
    const exported = async (resource: string) => (JSON.parse((await runCli(['export', resource, '--db', db])).stdout) as Array<{ uuid: string }>).map((e) => e.uuid)
    const stored = new Set([...(await exported('events')), ...(await exported('event-search-results'))])
    expect(events.length).toBeGreaterThan(5)
    expect(events.map((e) => e.uuid).sort()).toEqual([...stored].sort())
    const starts = events.map((e) => e.startDateTime ?? '')
    expect(starts).toEqual([...starts].sort().reverse())

    const event = events[Math.floor(events.length / 2)]
    const table = await runCli(['events', '--search', event.name.toUpperCase(), '--db', db])
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^starts\s+event\s+organizer\s+registered\s+registration ends\s+uuid$/)
    expect(lines.slice(2, -1).every((line) => line.includes(event.name) && /[0-9a-f-]{36}$/.test(line))).toBe(true)
    expect(lines.slice(2, -1).some((line) => line.startsWith(event.startDateTime!.slice(0, 16).replace('T', ' ')) && line.endsWith(event.uuid))).toBe(true)
    expect(lines.at(-1)).toBe(`${lines.length - 3} event(s)`)

    const day = event.startDateTime!.slice(0, 10)
    const onDay = JSON.parse((await runCli(['events', '--from', day, '--to', day, '--json', '--db', db])).stdout) as EventRow[]
    expect(onDay.map((e) => e.uuid)).toEqual(events.filter((e) => e.startDateTime?.startsWith(day)).map((e) => e.uuid))
    expect((await runCli(['events', '--search', 'ei tällaista tapahtumaa', '--db', db])).stdout).toBe('no event stored matches\n')
    expect((await runCli(['events', '--from', '1.12.2026', '--db', db])).code).toBe(2)
  })

  it("participants lists an event's registrations with the ids other commands take, recorded in the privacy log when taken out", async () => {
    const events = JSON.parse((await runCli(['events', '--json', '--db', db])).stdout) as EventRow[]
    const event = events.find((e) => e.registrations >= 3)!
    const registrations = (JSON.parse((await runCli(['export', 'event-registrations', '--db', db])).stdout) as Array<{ eventRegistrationId: number; eventUuid: string; participantUserId: number }>).filter(
      (r) => r.eventUuid === event.uuid
    )
    const json = await runCli(['participants', '--event', event.uuid.toUpperCase(), '--json', '--db', db])
    expect(json.code).toBe(0)
    const list = JSON.parse(json.stdout) as { uuid: string; name: string; participants: Array<{ eventRegistrationId: number; userId: number }>; queued: unknown[] }
    expect(list).toMatchObject({ uuid: event.uuid, name: event.name, queued: [] })
    expect(list.participants.map((p) => [p.eventRegistrationId, p.userId]).sort()).toEqual(registrations.map((r) => [r.eventRegistrationId, r.participantUserId]).sort())
    const privacy = JSON.parse((await runCli(['audit', '--privacy', '--db', db])).stdout) as Array<{ action: string; detail: string }>
    expect(JSON.parse(privacy.at(-1)!.detail)).toEqual({ list: 'event-participants', event: event.uuid, format: 'json', rows: registrations.length, file: '-' })

    const table = await runCli(['participants', '--event', event.uuid, '--db', db])
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe(`${event.name}: ${registrations.length} registration(s)`)
    expect(lines[1]).toMatch(/^registration\s+member\s+Sport-ID\s+user id\s+club\s+registered\s+paid €\s+payment$/)
    expect(lines.slice(3).map((line) => Number(line.split(/\s+/)[0])).sort()).toEqual(registrations.map((r) => r.eventRegistrationId).sort())

    const unknown = await runCli(['participants', '--event', '00000000-0000-4000-8000-000000000000', '--db', db])
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'kanslia: no event with UUID "00000000-0000-4000-8000-000000000000" is stored (`kanslia events` lists them)\n' })
  })

  it("register queues a member outside the event's birth-date limits with a warning, and one inside without", async () => {
    // A youth camp open for registration now, with the limits the v3 listing gives (spec v3 §4)
    // and places for the two: one starting later may not take registrations yet.
    const listed = JSON.parse((await runCli(['export', 'events', '--db', db])).stdout) as Array<{
      uuid: string
      registrationMinBirthDate?: string
      registrationMaxBirthDate?: string
      registrationStartTime?: string
      registrationEndTime?: string
      currentAttendeeCount?: number
      maxAttendeeCount?: number
    }>
    const now = helsinkiLocalDateTime(Date.now())
    const camp = listed.find(
      (e) =>
        e.registrationMinBirthDate !== undefined &&
        registrationWindowAt({ start: e.registrationStartTime, end: e.registrationEndTime }, now).state === 'open' &&
        (!e.maxAttendeeCount || (e.currentAttendeeCount ?? 0) + 2 <= e.maxAttendeeCount)
    )!
    expect(camp).toBeDefined()
    const registered = new Set((JSON.parse((await runCli(['participants', '--event', camp.uuid, '--json', '--db', db])).stdout) as { participants: Array<{ userId: number }> }).participants.map((p) => p.userId))
    const members = (JSON.parse((await runCli(['members', '--json', '--db', db])).stdout) as Array<{ id: number; firstName?: string; lastName?: string; birthDate?: string }>).filter((m) => !registered.has(m.id))
    const adult = members.find((m) => m.birthDate !== undefined && m.birthDate < camp.registrationMinBirthDate!)!
    const child = members.find((m) => m.birthDate !== undefined && m.birthDate >= camp.registrationMinBirthDate! && m.birthDate <= camp.registrationMaxBirthDate!)!

    const outside = await runCli(['register', '--event', camp.uuid, '--user', String(adult.id), '--db', db])
    expect(outside.code).toBe(0)
    expect(outside.stdout).toMatch(/^queued #\d+: register member /)
    expect(outside.stderr).toBe(
      `warning: ${adult.firstName} ${adult.lastName} (user ${adult.id}) is outside the event's limits (born before ${camp.registrationMinBirthDate}); the registry may refuse the registration\n`
    )
    expect(await runCli(['register', '--event', camp.uuid, '--user', String(child.id), '--db', db])).toMatchObject({ code: 0, stderr: '' })
  })
})
