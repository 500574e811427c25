/** Kanslia's version from package.json, put in by electron.vite.config.ts at build time (the About section). */
declare const __KANSLIA_VERSION__: string
