#!/usr/bin/env node
// Runs a TypeScript entry point from src/ through tsx, so the CLI and scripts need no build step.
import { register } from 'tsx/esm/api'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

register()
const [entry, ...rest] = process.argv.slice(2)
process.argv = [process.argv[0], entry, ...rest]
await import(pathToFileURL(resolve(entry)).href)
