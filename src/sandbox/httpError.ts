/**
 * Errors the routes answer with. The spec does not show the error body (spec v2 §7), so the
 * sandbox answers `{ status, error, message }` (status code, reason phrase, explanation).
 */
export class HttpError extends Error {
  /** `status`: HTTP status code (400, 401, 403, 404, …); `message`: what was wrong. */
  constructor(readonly status: number, message: string) {
    super(message)
    this.name = 'HttpError'
  }
}

/** 400: a malformed parameter or an invalid id (spec v2 §7). */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message)
}

/** 403: no rights to the organization (spec v2 §7). */
export function forbidden(message: string): HttpError {
  return new HttpError(403, message)
}
