#!/usr/bin/env node
// The `kanslia` command: the TypeScript CLI under src/main/cli, loaded through tsx.
import { register } from 'tsx/esm/api'

register()
await import('../src/main/cli/main.ts')
