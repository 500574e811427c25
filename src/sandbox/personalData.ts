/**
 * Personal-data permission levels (spec v2 §5): which fields of the nested `user` object
 * (spec v2 §2.11) a client sees. Levels are cumulative; this table is the one place the mapping
 * is made. Fields not listed at any level (username, marketingPermission, dependants) are never
 * produced by the sandbox. A person whose data was deleted has `deletionTime` and, at every level,
 * the ANONYMOUS fields only.
 *
 * | level        | adds                                                                     |
 * |--------------|--------------------------------------------------------------------------|
 * | ANONYMOUS    | id, sportId, modificationTime, isAuthenticatedWithPassword, isEventInstructor |
 * | BASIC        | firstName, nickname, lastName, city, languageCode, locale, gender, deceasedDate |
 * | CONTACT_INFO | address, email, phone, guardians                                        |
 * | EXTENDED     | birthDate, nationality, hasSocialSecurityNumber                          |
 * | SSN          | socialSecurityNumber                                                     |
 */
import type { UserProfile } from '../shared/api/v2'
import type { PersonRecord } from './records'

/** Personal-data permission of a client (spec v2 §5). */
export type PersonalDataLevel =
  | 'PERMISSION_USER_ANONYMOUS'
  | 'PERMISSION_USER_BASIC'
  | 'PERMISSION_USER_CONTACT_INFO'
  | 'PERMISSION_USER_EXTENDED'
  | 'PERMISSION_USER_SSN'

/** Levels from least to most access. */
export const PERSONAL_DATA_LEVELS: readonly PersonalDataLevel[] = [
  'PERMISSION_USER_ANONYMOUS',
  'PERMISSION_USER_BASIC',
  'PERMISSION_USER_CONTACT_INFO',
  'PERMISSION_USER_EXTENDED',
  'PERMISSION_USER_SSN'
]

/** The user-profile fields each level adds to the previous one. */
export const FIELDS_ADDED_BY_LEVEL: Record<PersonalDataLevel, readonly (keyof UserProfile)[]> = {
  PERMISSION_USER_ANONYMOUS: ['id', 'sportId', 'modificationTime', 'isAuthenticatedWithPassword', 'isEventInstructor'],
  PERMISSION_USER_BASIC: ['firstName', 'nickname', 'lastName', 'city', 'languageCode', 'locale', 'gender', 'deceasedDate'],
  PERMISSION_USER_CONTACT_INFO: ['address', 'email', 'phone', 'guardians'],
  PERMISSION_USER_EXTENDED: ['birthDate', 'nationality', 'hasSocialSecurityNumber'],
  PERMISSION_USER_SSN: ['socialSecurityNumber']
}

/** True when `value` names a personal-data level. */
export function isPersonalDataLevel(value: unknown): value is PersonalDataLevel {
  return PERSONAL_DATA_LEVELS.includes(value as PersonalDataLevel)
}

/**
 * The `user` object of a person as a client of `level` sees it, without sport parameters (the
 * caller adds those). Optional fields the person lacks stay absent.
 */
export function renderUserProfile(person: PersonRecord, level: PersonalDataLevel): UserProfile {
  const rank = PERSONAL_DATA_LEVELS.indexOf(level)
  const user: UserProfile = {
    id: person.id,
    sportId: person.sportId,
    modificationTime: person.mtText,
    isAuthenticatedWithPassword: person.isAuthenticatedWithPassword,
    isEventInstructor: person.isEventInstructor
  }
  if (person.deletionTime !== undefined) return { ...user, deletionTime: person.deletionTime }
  if (rank >= 1) {
    user.firstName = person.firstName
    if (person.nickname !== undefined) user.nickname = person.nickname
    user.lastName = person.lastName
    user.city = person.city
    user.languageCode = person.languageCode
    user.locale = person.locale
    user.gender = person.gender
    if (person.deceasedDate !== undefined) user.deceasedDate = person.deceasedDate
  }
  if (rank >= 2) {
    user.address = { ...person.address }
    if (person.email !== undefined) user.email = person.email
    if (person.phone !== undefined) user.phone = person.phone
    if (person.guardians !== undefined) user.guardians = person.guardians.map((g) => ({ ...g }))
  }
  if (rank >= 3) {
    user.birthDate = person.birthDate
    user.nationality = person.nationality
    user.hasSocialSecurityNumber = person.socialSecurityNumber !== undefined
  }
  if (rank >= 4 && person.socialSecurityNumber !== undefined) {
    user.socialSecurityNumber = person.socialSecurityNumber
  }
  return user
}
