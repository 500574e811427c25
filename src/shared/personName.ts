/**
 * A member's name as the lists show, print and export it: "Last name, First names". Either part
 * may be missing (the credentials' personal-data level decides what the API returns, spec v2 §2.11).
 */
export function listedName(person: { lastName?: string; firstName?: string }): string {
  return [person.lastName, person.firstName].filter(Boolean).join(', ')
}
