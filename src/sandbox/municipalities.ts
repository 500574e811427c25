import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A Finnish municipality from `resources/municipalities-fi.csv` (population of 2020). */
export interface Municipality {
  code: number
  nameFi: string
  nameSv: string
  population: number
  wellbeingCountyFi: string
  wellbeingCountySv: string
}

let cache: Municipality[] | null = null

/**
 * Reads the municipality list shipped in `resources/`. Rows are in file order, which keeps the
 * generated data deterministic. Helsinki and Åland (no wellbeing county in the file) get the
 * regions "Helsinki" and "Ahvenanmaa".
 * @throws Error when the file is missing or a row is malformed.
 */
export function loadMunicipalities(): Municipality[] {
  if (cache) return cache
  const path = fileURLToPath(new URL('../../resources/municipalities-fi.csv', import.meta.url))
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '')
  cache = lines.slice(1).map((line, i) => {
    const [code, nameFi, nameSv, population, countyFi, countySv] = line.split(',')
    // Helsinki and the Åland municipalities belong to no wellbeing county; they get their own area.
    const region = countyFi ? [countyFi, countySv] : code === '091' ? ['Helsinki', 'Helsingfors'] : ['Ahvenanmaa', 'Åland']
    const m: Municipality = {
      code: Number(code),
      nameFi,
      nameSv,
      population: Number(population),
      wellbeingCountyFi: region[0],
      wellbeingCountySv: region[1]
    }
    if (!nameFi || !Number.isFinite(m.code) || !(m.population > 0)) {
      throw new Error(`municipalities-fi.csv line ${i + 2} is malformed: ${line}`)
    }
    return m
  })
  return cache
}
