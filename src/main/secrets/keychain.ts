import { Entry } from '@napi-rs/keyring'

/** Keychain service name under which Kanslia's entries are stored (one entry per client id). */
export const KEYCHAIN_SERVICE = 'Kanslia'

/** Thrown when the OS keychain cannot be used; `message` says what to do instead. */
export class KeychainUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `the OS keychain is not available (${detail}). On Linux, Kanslia needs a Secret Service ` +
        '(GNOME Keyring or KWallet) that is running and unlocked; for headless runs set ' +
        'KANSLIA_CLIENT_SECRET instead'
    )
    this.name = 'KeychainUnavailableError'
  }
}

/**
 * Runs `use` on the keychain entry of a client id, turning every platform failure into
 * KeychainUnavailableError. On Linux the Secret Service is required: the kernel keyring, the
 * library's fallback, forgets secrets at reboot, and a secret that silently vanishes is worse than
 * a clear error.
 */
function withEntry<T>(clientId: string, use: (entry: Entry) => T): T {
  try {
    return use(new Entry(KEYCHAIN_SERVICE, clientId, { linux: { store: 'secret-service' } }))
  } catch (error) {
    throw new KeychainUnavailableError(String(error instanceof Error ? error.message : error).split('\n')[0])
  }
}

/**
 * Reads the client secret stored for `clientId`; `null` when none is stored.
 * @throws KeychainUnavailableError when no usable keychain exists.
 */
export function readClientSecret(clientId: string): string | null {
  return withEntry(clientId, (entry) => entry.getPassword())
}

/**
 * Stores the client secret of `clientId` in the OS keychain, replacing any earlier one.
 * @throws KeychainUnavailableError when no usable keychain exists.
 */
export function storeClientSecret(clientId: string, secret: string): void {
  withEntry(clientId, (entry) => entry.setPassword(secret))
}

/**
 * Removes the stored secret of `clientId`; `true` when one existed.
 * @throws KeychainUnavailableError when no usable keychain exists.
 */
export function deleteClientSecret(clientId: string): boolean {
  return withEntry(clientId, (entry) => entry.deletePassword())
}
