import { ApiClient } from '../api/client'
import { saveConnectionProfile, type ConnectionProfile } from '../config/connection'
import { storeClientSecret } from '../secrets/keychain'

/** An organization the credentials may read from (spec v2 §4.1 `GET /organization`): a root of their scope. */
export interface ReadableRoot {
  id: number
  name: string
  type: string
}

/**
 * Connects as `kanslia connect` and the app's first run do: checks the credentials by reading the
 * organizations they may read (spec v2 §5 token, §4.1 `GET /organization`), and only then stores
 * the client secret in the OS keychain (unless `storeSecret` is false: a headless run's secret stays
 * in `KANSLIA_CLIENT_SECRET`) and saves the profile to `profileFile`. Wrong credentials or an
 * unreachable registry so leave nothing behind.
 * @returns the readable roots.
 * @throws ApiError (spec v2 §7: unreachable, 401 for credentials it refuses, …) before anything is
 *   stored; KeychainError when the secret cannot be stored; ConnectionConfigError.
 */
export async function connectAndSave(profile: ConnectionProfile, clientSecret: string, options: { storeSecret: boolean; profileFile: string }): Promise<ReadableRoot[]> {
  const client = new ApiClient({ ...profile, clientSecret })
  try {
    const roots = await client.getV2<{ content?: ReadableRoot[] } | null>('/organization')
    if (options.storeSecret) storeClientSecret(profile.clientId, clientSecret)
    saveConnectionProfile(options.profileFile, profile)
    return roots?.content ?? []
  } finally {
    await client.close()
  }
}
