import type { MemberExportColumn } from '../../../shared/ipc/contract'

/**
 * The member list's columns (issue 3), each of which may be hidden (issue 7 "Exports": column
 * choice respected); `licence` shows the licence's status and its end date.
 */
export const MEMBER_COLUMNS = ['name', 'sportId', 'birthYear', 'club', 'licence', 'insurance'] as const
export type MemberColumn = (typeof MEMBER_COLUMNS)[number]

/** The columns an export or a print holds for the columns shown, in order: the licence column is two, its status and its end date. */
export function exportColumnsOf(shown: readonly MemberColumn[]): MemberExportColumn[] {
  return shown.flatMap((column): MemberExportColumn[] => (column === 'licence' ? ['licenceStatus', 'licenceEnd'] : [column]))
}
