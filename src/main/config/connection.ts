import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './fileModes'
import { readClientSecret } from '../secrets/keychain'
import { isHttpUrl } from '../../shared/httpUrl'

/**
 * Where to reach the API and as whom (spec v2 §5): `baseUrl` is the spec's `{base_url}` (without
 * `/api/public/v2`), `authUrl` its `{auth_url}` (the token is at `{auth_url}/oauth2/token`). The
 * client secret is never part of a profile: it lives in the OS keychain or, for headless runs, in
 * the environment variable `KANSLIA_CLIENT_SECRET`.
 */
export interface ConnectionProfile {
  baseUrl: string
  authUrl: string
  clientId: string
}

/** A profile with its secret: everything the API client needs. */
export interface Connection extends ConnectionProfile {
  clientSecret: string
}

/** Thrown when connection settings are missing or malformed; the message says which and how to fix it. */
export class ConnectionConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConnectionConfigError'
  }
}

/**
 * A connection URL (`--base-url`, `--auth-url`): http(s), trimmed, without trailing slashes or a
 * pasted `/api/public/v2` (or `v3`), so the client appends the spec's paths to it.
 */
export const httpUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, 'must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, '').replace(/\/api\/public\/v[23]$/, ''))

/** A client id (`--client-id`, spec v2 §5): trimmed, not empty. */
export const clientId = z.string().trim().min(1, 'must not be empty')

const profileSchema = z.object({
  baseUrl: httpUrl,
  authUrl: httpUrl,
  clientId
})

/**
 * Reads the saved connection profile; `null` when none was saved.
 * @throws ConnectionConfigError when the file exists but is not a valid profile (it is left as is).
 */
export function readConnectionProfile(file: string): ConnectionProfile | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new ConnectionConfigError(`cannot read the connection profile ${file}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ConnectionConfigError(`the connection profile ${file} is not valid JSON; fix or remove it`)
  }
  const parsed = profileSchema.safeParse(json)
  if (!parsed.success) {
    throw new ConnectionConfigError(`the connection profile ${file} is invalid: ${describeIssues(parsed.error)}`)
  }
  return parsed.data
}

/** Saves a profile atomically (write to a temporary file, then rename), after validating it. */
export function saveConnectionProfile(file: string, profile: ConnectionProfile): ConnectionProfile {
  const valid = validateProfile(profile)
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(valid, null, 2) + '\n', { mode: PRIVATE_FILE_MODE })
  renameSync(temporary, file)
  return valid
}

/**
 * Checks and normalises a profile (trailing slashes and a pasted `/api/public/v2` are removed).
 * @throws ConnectionConfigError naming each bad field.
 */
export function validateProfile(profile: Partial<ConnectionProfile>): ConnectionProfile {
  const parsed = profileSchema.safeParse(profile)
  if (!parsed.success) throw new ConnectionConfigError(describeIssues(parsed.error))
  return parsed.data
}

function describeIssues(error: z.ZodError): string {
  const flag: Record<string, string> = { baseUrl: '--base-url', authUrl: '--auth-url', clientId: '--client-id' }
  return error.issues
    .map((issue) => {
      const key = String(issue.path[0] ?? '')
      return `${flag[key] ?? key} ${issue.code === 'invalid_type' ? 'is missing' : issue.message}`
    })
    .join('; ')
}

/**
 * Combines command-line flags with the saved profile (flags win; the profile is not read when
 * the flags give base URL, auth URL and client id) and finds the client secret:
 * `KANSLIA_CLIENT_SECRET` when set, else the OS keychain entry of the client id.
 * @throws ConnectionConfigError when a setting or the secret is missing.
 * @throws KeychainUnavailableError when the secret must come from a keychain that is not there.
 */
export function resolveConnection(
  flags: Partial<ConnectionProfile>,
  profileFile: string,
  env: NodeJS.ProcessEnv = process.env
): Connection {
  const defined = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined))
  // Flags that name the whole connection need no profile: an unreadable one must not stop them.
  const complete = (['baseUrl', 'authUrl', 'clientId'] as const).every((key) => key in defined)
  const saved = complete ? {} : (readConnectionProfile(profileFile) ?? {})
  const profile = validateProfile({ ...saved, ...defined })
  const clientSecret = env.KANSLIA_CLIENT_SECRET || readClientSecret(profile.clientId)
  if (!clientSecret) {
    throw new ConnectionConfigError(
      `no client secret for client id ${profile.clientId}: run \`kanslia connect\` to store it in the ` +
        'OS keychain, or set KANSLIA_CLIENT_SECRET'
    )
  }
  return { ...profile, clientSecret }
}
