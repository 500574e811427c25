/**
 * The merit granter's name (spec v2 §4.3 `meritGranter`) kept between grants on this computer: a
 * secretary grants under one name. It is personal data, so removing the connection's local data
 * forgets it too (issue 6).
 */
const GRANTER_KEY = 'kanslia.meritGranter'

/** The name the last grant was queued under, or '' before any. */
export function rememberedGranter(): string {
  return localStorage.getItem(GRANTER_KEY) ?? ''
}

/** Keeps `name` for the next grant's form. */
export function rememberGranter(name: string): void {
  localStorage.setItem(GRANTER_KEY, name)
}

/** Forgets the kept name (with the connection's local data). */
export function forgetGranter(): void {
  localStorage.removeItem(GRANTER_KEY)
}
