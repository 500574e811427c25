/**
 * The reports of issue 7 as the IPC contract and the UI see them, all over the local data, for one
 * licence period (spec v2 §2.3). Ages are whole years on the period's last day.
 */
export interface Reports {
  /** The licence period reported on; null when none is stored. */
  licencePeriod: { id: number; name: string } | null
  /** Every stored licence period, newest first, to pick another one. */
  licencePeriods: Array<{ id: number; name: string }>
  /**
   * Members holding a user licence of the period, per club (the licence organization by its id,
   * named as the registry names it now; two clubs of one name told apart, "Seura B (Pohjoinen)"),
   * most first; `club` null: none named. `clubId`: the club's organization id, null for licences
   * naming their club by name alone (or none).
   */
  clubs: Array<{ club: string | null; members: number; clubId: number | null }>
  /** Members holding a user licence of the period, per area (the club's parent organization of type AREA, spec v2 §2.2), most first; `area` null: no area. */
  areas: Array<{ area: string | null; members: number }>
  /** Members holding a user licence of the period, per licence (spec v2 §2.4), most first; `licence` null: no name stored. */
  licences: Array<{ licence: string | null; members: number }>
  /** Members holding a user licence of the period, by 5-year age band and gender (spec v2 §2.11). */
  ages: Array<{ band: string; female: number; male: number; other: number }>
  /** User licences of the period by the month of purchase (`purchaseTime`, YYYY-MM). */
  sales: Array<{ month: string; licences: number }>
  /**
   * Club transfers into the period: per club (as in `clubs`: a club renamed is no move), the members licensed in
   * both this period and the one before it who hold one with the club now and held none with it
   * then (`arrived`), and who held one with it then and hold none with it now (`departed`); most
   * moves first, clubs without any left out. Empty for the first stored period.
   */
  transfers: Array<{ club: string; arrived: number; departed: number; clubId: number | null }>
  /** Merit grants by year of the granting date (spec v2 §2.9), all years. */
  merits: Array<{ year: string; grants: number }>
}

/** The reports' names, as exports call them. */
export const REPORT_NAMES = ['clubs', 'areas', 'licences', 'ages', 'sales', 'transfers', 'merits'] as const
export type ReportName = (typeof REPORT_NAMES)[number]

/** Each report's category column (`key`, the group) and its value columns, as charted, tabled, printed and exported. */
export const REPORT_LAYOUT: Record<ReportName, { key: string; values: readonly string[] }> = {
  clubs: { key: 'club', values: ['members'] },
  areas: { key: 'area', values: ['members'] },
  licences: { key: 'licence', values: ['members'] },
  ages: { key: 'band', values: ['female', 'male', 'other'] },
  sales: { key: 'month', values: ['licences'] },
  transfers: { key: 'club', values: ['arrived', 'departed'] },
  merits: { key: 'year', values: ['grants'] }
}
