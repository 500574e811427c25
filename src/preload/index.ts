import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_CHANNEL } from '../shared/ipc/channels'
import type { KansliaEvent } from '../shared/ipc/contract'
import { buildKansliaApi } from './api'

/**
 * Exposes exactly the typed IPC contract as `window.kanslia` (named functions and `onEvent`), never
 * `ipcRenderer` itself: listeners receive the event payload only, not the IPC event object.
 */
contextBridge.exposeInMainWorld(
  'kanslia',
  buildKansliaApi({
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe: (listener) => {
      const wrapped = (_event: IpcRendererEvent, payload: KansliaEvent) => listener(payload)
      ipcRenderer.on(EVENT_CHANNEL, wrapped)
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNEL, wrapped)
      }
    }
  })
)
