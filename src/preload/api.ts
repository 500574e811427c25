import { channelOf, METHODS } from '../shared/ipc/channels'
import type { KansliaApi, KansliaEvent } from '../shared/ipc/contract'

/** The two ipcRenderer capabilities the bridge uses; the raw object itself never reaches the page. */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<unknown>
  subscribe(listener: (event: KansliaEvent) => void): () => void
}

/**
 * Builds `window.kanslia`: exactly one function per contract method (each sends its input on
 * `kanslia:<method>` and answers the main process's `IpcResult`) plus `onEvent`.
 */
export function buildKansliaApi(transport: BridgeTransport): KansliaApi {
  const api: Record<string, unknown> = {}
  for (const method of METHODS) api[method] = (input?: unknown) => transport.invoke(channelOf(method), input)
  api.onEvent = (listener: (event: KansliaEvent) => void) => transport.subscribe(listener)
  return api as KansliaApi
}
