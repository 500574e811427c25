import { afterEach, describe, expect, it, vi } from 'vitest'
import { runSandboxCommand } from '../../../src/sandbox/cli'
import type { Sandbox } from '../../../src/sandbox/index'

let sandbox: Sandbox | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await sandbox?.close()
})

describe('runSandboxCommand', () => {
  it('prints exactly one JSON line of credentials that work', async () => {
    const lines: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    })
    sandbox = await runSandboxCommand({ port: 0, athletes: 20, seed: 1, printCredentials: true })
    vi.restoreAllMocks()
    expect(lines).toHaveLength(1)
    const printed = JSON.parse(lines[0]) as Record<string, unknown>
    expect(Object.keys(printed)).toEqual(['baseUrl', 'authUrl', 'clientId', 'clientSecret', 'federationId'])
    expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const basic = Buffer.from(`${printed.clientId}:${printed.clientSecret}`).toString('base64')
    const response = await fetch(`${printed.authUrl}/oauth2/token?grant_type=client_credentials`, { method: 'POST', headers: { authorization: `Basic ${basic}` } })
    expect(response.status).toBe(200)
  })

  it('writes nothing to stdout without printCredentials', async () => {
    const write = vi.spyOn(process.stdout, 'write')
    sandbox = await runSandboxCommand({ port: 0, athletes: 20, seed: 1, printCredentials: false })
    expect(write).not.toHaveBeenCalled()
  })
})
