import { describe, expect, it } from 'vitest'
import { MEMBER_EXPORT_COLUMNS } from '../../../src/shared/ipc/contract'
import { knownColumns } from '../../../src/renderer/src/components/knownColumns'
import { exportColumnsOf, MEMBER_COLUMNS } from '../../../src/renderer/src/pages/memberColumns'

/** Issue 7 "Exports": a table shows, exports and prints the columns chosen. */
describe('column choice', () => {
  const ALL = ['lastName', 'firstName', 'club', 'email'] as const
  const DEFAULTS = ['lastName', 'club'] as const

  it("reads a stored choice in the table's order, dropping columns it does not know", () => {
    expect(knownColumns(['email', 'lastName'], ALL, DEFAULTS)).toEqual(['lastName', 'email'])
    expect(knownColumns(['email', 'phone', 'email'], ALL, DEFAULTS)).toEqual(['email'])
  })

  it('falls back to the defaults for a choice that names no known column or is not a list', () => {
    for (const stored of [[], ['phone'], 'lastName', { lastName: true }, null, undefined, 42]) {
      expect(knownColumns(stored, ALL, DEFAULTS), JSON.stringify(stored)).toEqual(['lastName', 'club'])
    }
  })

  it("exports the member list's licence column as its status and end date, the others as themselves, in order", () => {
    expect(exportColumnsOf(MEMBER_COLUMNS)).toEqual([...MEMBER_EXPORT_COLUMNS])
    expect(exportColumnsOf(['licence', 'name'])).toEqual(['licenceStatus', 'licenceEnd', 'name'])
    expect(exportColumnsOf(['sportId'])).toEqual(['sportId'])
  })
})
