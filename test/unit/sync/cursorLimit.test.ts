import { describe, expect, it } from 'vitest'
import { CLOCK_TOLERANCE_US, cursorLimitUs } from '../../../src/main/sync/cursorLimit'

describe('cursorLimitUs', () => {
  const serverMs = Date.parse('2026-03-02T10:00:00Z')
  const localMs = Date.parse('2026-03-02T10:07:30Z')

  it('is the registry’s time by its Date plus the Date’s one-second resolution, in µs, whatever this computer’s clock says', () => {
    expect(CLOCK_TOLERANCE_US).toBe(1_000_000)
    expect(cursorLimitUs(serverMs, localMs)).toBe(serverMs * 1000 + 1_000_000)
    expect(cursorLimitUs(localMs, serverMs)).toBe(localMs * 1000 + 1_000_000)
  })

  it('falls back to this computer’s clock when no response carried a readable Date', () => {
    expect(cursorLimitUs(undefined, localMs)).toBe(localMs * 1000 + 1_000_000)
    const before = Date.now() * 1000
    const limit = cursorLimitUs(undefined)
    expect(limit).toBeGreaterThanOrEqual(before + CLOCK_TOLERANCE_US)
    expect(limit).toBeLessThanOrEqual(Date.now() * 1000 + CLOCK_TOLERANCE_US)
  })
})
