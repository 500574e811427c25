import i18next from 'i18next'
import type { IpcError, IpcResult, KansliaApi, MethodInput, MethodOutput } from '../../shared/ipc/contract'
import type { MethodName } from '../../shared/ipc/channels'
import type { ErrorCode } from '../../shared/errorCodes'
import { problemText } from '../../shared/outboxProblems'
import { detectLanguage } from './i18n'

/** An IPC answer with `ok: false`, raised in the renderer so components can show `message`. */
export class KansliaError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message)
    this.name = 'KansliaError'
  }
}

/**
 * What to tell the person about a failed call, in the app's language as far as it goes: see
 * `describeError`. An error that is not a KansliaError is `internal`.
 */
export function errorText(error: unknown): string {
  return describeError(ipcErrorOf(error))
}

/** The main process's `{code, message}` of a failed call; any other thrown value is `internal`. */
export function ipcErrorOf(error: unknown): IpcError {
  return error instanceof KansliaError ? error.error : { code: 'internal', message: String(error) }
}

/**
 * An error of the main process in words (a failed call's, or a sync resource's): the headline of
 * its code (`errors.<code>`, e.g. "Rekisteriin ei saatu yhteyttä") before the main process's own
 * words, which name the details in English; a code without a headline (null: recorded before
 * Kanslia kept codes) shows those only. A change the outbox refused names each of its problems in
 * the app's language instead ("Muutosta ei lisätty jonoon: paikallisessa tietokannassa ei ole jäsentä …"),
 * and a code whose English words add nothing a person needs (a disk failing, a database key
 * missing or wrong, a database from a newer Kanslia, statuses being evaluated, a file that is no
 * table, a retry by hand, an export over the database: `errorDetails.<code>`) has them in it too
 * ("Levy on täynnä: vapauta levytilaa ja yritä uudelleen …"). A registry's error a person can act
 * on (unreachable, credentials refused, no rights, failing, not the API: `errorAdvice.<code>`) says
 * what to do in the app's language and keeps the English words in parentheses, for whoever helps
 * ("Rekisteri ei hyväksynyt tunnuksia: tarkista asiakastunnus ja asiakassalaisuus (POST /oauth2/token…: 401 …)").
 */
export function describeError({ code, message, problems }: { code: ErrorCode | null; message: string; problems?: IpcError['problems'] }): string {
  const headline = code === null ? '' : i18next.t(`errors.${code}`, { defaultValue: '' })
  const language = detectLanguage([i18next.language])
  const ownWords = code === null ? '' : i18next.t(`errorDetails.${code}`, { defaultValue: '' })
  const advice = code === null ? '' : i18next.t(`errorAdvice.${code}`, { defaultValue: '' })
  const details = problems?.length ? problems.map((problem) => problemText(problem, language)).join('; ') : ownWords || (advice ? `${advice} (${message})` : message)
  return headline ? `${headline}: ${details}` : details
}

/** The contract the preload exposes (`window.kanslia`). */
function bridge(): KansliaApi {
  return window.kanslia
}

/**
 * Calls one contract method and unwraps its `IpcResult`.
 * @throws KansliaError with the main process's `{code, message}` when the answer is not ok.
 */
export async function call<M extends MethodName>(method: M, input?: MethodInput<M>): Promise<MethodOutput<M>> {
  const invoke = bridge()[method] as (input?: MethodInput<M>) => Promise<IpcResult<MethodOutput<M>>>
  const answer = await invoke(input)
  if (!answer.ok) throw new KansliaError(answer.error)
  return answer.value
}

/** Subscribes to the main process's events; returns the unsubscribe function. */
export const onEvent: KansliaApi['onEvent'] = (listener) => bridge().onEvent(listener)
