import type { KansliaApi } from '../shared/ipc/contract'

declare global {
  interface Window {
    /** The IPC contract the preload exposes (src/preload/index.ts). */
    kanslia: KansliaApi
  }
}
