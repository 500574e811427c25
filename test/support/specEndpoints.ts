/**
 * The endpoints the spec documents, read from the spec markdown itself so that a test can fail
 * when the spec names an endpoint a test table lacks. The spec lives beside the repository
 * (`<repo>/../shared/spec`, as in CI).
 *
 * Read are: every row of every table in §4 (the method from a Method column or, for the tables
 * of spec v2 §4.2, §4.4 and §4.5 that have none, from their heading, "(all GET, …)"), the
 * endpoints §4 names in running text (spec v2 §4.6, §4.7), and the token endpoints of §5
 * (spec v2 `POST {auth_url}/oauth2/token`; spec v3 /oauth/tokens and /oauth/authorize).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/** Directory of the spec documents. */
export const SPEC_DIR = resolve(import.meta.dirname, '../../../shared/spec')

/** One documented endpoint: method, path as the spec writes it (`{auth_url}/…` for the v2 token endpoint), and the section naming it. */
export interface SpecEndpoint {
  method: string
  path: string
  section: string
}

const METHOD = /^(GET|POST|PUT|DELETE|PATCH)$/
const PROSE = /\b(GET|POST|PUT|DELETE|PATCH) (\/[^\s:?]*|\{auth_url\}\/[^\s:?]*)/g

/**
 * The endpoints of one spec document (`public-data-api-v2.md` or `public-data-api-v3.md`),
 * deduplicated by method and path, in document order.
 * @throws Error when a §4 table row has no method (neither a Method column nor a method in its heading) or no path.
 */
export function specEndpoints(file: string): SpecEndpoint[] {
  const version = /v(\d)\.md$/.exec(file)?.[1]
  const lines = readFileSync(resolve(SPEC_DIR, file), 'utf8').split('\n')
  const found = new Map<string, SpecEndpoint>()
  const add = (method: string, path: string, section: string): void => {
    const key = `${method} ${path}`
    if (!found.has(key)) found.set(key, { method, path, section })
  }
  let chapter = ''
  let section = ''
  let heading = ''
  let header: string[] | undefined
  for (const line of lines) {
    const h2 = /^## (\d+)\./.exec(line)
    if (h2) {
      chapter = h2[1]
      section = `v${version} §${chapter}`
      heading = line
      header = undefined
      continue
    }
    const h3 = /^### (\d+\.\d+)/.exec(line)
    if (h3) {
      section = `v${version} §${h3[1]}`
      heading = line
      header = undefined
      continue
    }
    if (chapter !== '4' && chapter !== '5') continue
    if (!line.startsWith('|')) {
      header = undefined
      for (const [, method, path] of line.replace(/`/g, '').matchAll(PROSE)) add(method, path, section)
      continue
    }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim().replace(/`/g, ''))
    if (!header) {
      header = cells
      continue
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue
    const pathColumn = header.indexOf('Path')
    if (pathColumn < 0) continue
    const methodColumn = header.indexOf('Method')
    const method = methodColumn >= 0 ? cells[methodColumn] : /\b(?:all )?(GET|POST|PUT|DELETE)\b/.exec(heading)?.[1]
    const path = cells[pathColumn]
    if (!method || !METHOD.test(method)) throw new Error(`${section}: no method for the row ${line}`)
    if (!path.startsWith('/')) throw new Error(`${section}: no path in the row ${line}`)
    add(method, path, section)
  }
  return [...found.values()]
}
