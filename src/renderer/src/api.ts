import type { IpcError, IpcResult, KansliaApi, MethodInput, MethodOutput } from '../../shared/ipc/contract'
import type { MethodName } from '../../shared/ipc/channels'

/** An IPC answer with `ok: false`, raised in the renderer so components can show `message`. */
export class KansliaError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message)
    this.name = 'KansliaError'
  }
}

/** What to tell the person about a failed call: the main process's message for a KansliaError, else the error as text. */
export function errorText(error: unknown): string {
  return error instanceof KansliaError ? error.message : String(error)
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
