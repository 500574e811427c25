import type { ApiErrorKind } from '../../shared/errorCodes'
import type { PageJob, PreparedPage } from '../sync/elements'

/** A page for the page decoder: its body's bytes (UTF-8 JSON, transferred, not copied) and what list it is of. */
export interface DecodeRequest {
  id: number
  body: ArrayBuffer
  job: PageJob
}

/**
 * The page decoder's answer to request `id`: the page, or why it could not be read: `syntax` for
 * a body that is not JSON (`SyntaxError`), `api` for one that is no list envelope (`ApiError`
 * of `kind`), `error` for anything else.
 */
export type DecodeAnswer =
  | { id: number; page: PreparedPage }
  | { id: number; failure: 'syntax' | 'error'; message: string }
  | { id: number; failure: 'api'; kind: ApiErrorKind; message: string }
