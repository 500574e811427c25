import { afterAll, describe, expect, it } from 'vitest'
import type { UserInsurance, UserLicence } from '../../../src/shared/api/v2'
import { FIELDS_ADDED_BY_LEVEL, PERSONAL_DATA_LEVELS, startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

const started: Sandbox[] = []
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()))
})

describe('personal-data levels (spec v2 §5)', () => {
  it.each(PERSONAL_DATA_LEVELS.map((level, rank) => [level, rank] as const))('%s shows exactly its cumulative fields', async (level, rank) => {
    const sandbox = await startSandbox({ athletes: 120, seed: 4, personalDataLevel: level })
    started.push(sandbox)
    const client = api(sandbox, await token(sandbox))
    const allowed = new Set(PERSONAL_DATA_LEVELS.slice(0, rank + 1).flatMap((l) => FIELDS_ADDED_BY_LEVEL[l]))
    const licences = await client.all<UserLicence>(`/user-licence/${sandbox.federationId}`)
    const insurances = await client.all<UserInsurance>(`/user-insurance/${sandbox.federationId}`)
    const seen = new Set<string>()
    for (const { user } of [...licences, ...insurances]) {
      for (const key of Object.keys(user)) {
        expect(allowed.has(key as never), `${level} must not show ${key}`).toBe(true)
        seen.add(key)
      }
    }
    // Every field a level adds appears for someone (optional ones like nickname included).
    for (const key of FIELDS_ADDED_BY_LEVEL[level]) {
      if (key === 'deceasedDate') continue
      expect(seen.has(key), `${level} should show ${key}`).toBe(true)
    }
    if (level === 'PERMISSION_USER_SSN') {
      const withSsn = licences.find((u) => u.user.hasSocialSecurityNumber)!
      expect(withSsn.user.socialSecurityNumber).toMatch(/^\d{6}[-A]\d{3}[0-9A-Y]$/)
    }
  })
})
