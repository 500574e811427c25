import { userInfo } from 'node:os'

/** The person at this computer, for the audit and privacy logs: the OS user name. */
export function currentActor(): string {
  try {
    return userInfo().username
  } catch {
    // No passwd entry (some containers): the environment is the best remaining witness.
    return process.env.USER ?? process.env.USERNAME ?? 'unknown'
  }
}
