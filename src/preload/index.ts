import { contextBridge } from 'electron'

/**
 * The preload exposes a typed contract to the renderer through contextBridge and never
 * `ipcRenderer` itself. The member-browser contract arrives with the desktop issue; until then the
 * renderer learns only which runtime it is in.
 */
contextBridge.exposeInMainWorld('kanslia', { versions: { electron: process.versions.electron, chrome: process.versions.chrome } })
