import type { ErrorCode } from '../../shared/errorCodes'

/**
 * An error a person can act on: `message` is one line saying what went wrong and what to do.
 * The CLI prints it as is; the IPC layer passes `code` and `message` to the renderer.
 */
export class UserFacingError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'UserFacingError'
  }
}
