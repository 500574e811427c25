/**
 * The sandbox's stored records. Products and organizations are kept as their wire objects (spec
 * v2 §2.2–§2.6, §2.14) next to their modification time in microseconds; people, user licences
 * and user insurances are kept normalised (a user licence names its person by id) and rendered
 * per request, because the nested `user` object depends on the client's personal-data level.
 */
import type {
  Address,
  Gender,
  GuardianInformation,
  Insurance,
  LanguageCode,
  Licence,
  LicencePeriod,
  Locale,
  Organization,
  Sport,
  SportParameter
} from '../shared/api/v2'
import type { Stamped } from './collection'

/** A stored wire object with its modification time (`mt`, micros) mirrored in `data.modificationTime`. */
export interface WireRecord<T> extends Stamped {
  data: T
}

export type OrganizationRecord = WireRecord<Organization>
export type LicencePeriodRecord = WireRecord<LicencePeriod>
export type LicenceRecord = WireRecord<Licence>
export type SportRecord = WireRecord<Sport>
export type InsuranceRecord = WireRecord<Insurance>
export type SportParameterRecord = WireRecord<SportParameter>

/** A person's value of one sport parameter (spec v2 §2.11 UserSportParameter). */
export interface PersonSportParameter {
  id: number
  mt: number
  sportParameterId: number
  value: string
}

/** A person (spec v2 §2.11 user profile) with every field; rendering drops what a level hides. */
export interface PersonRecord extends Stamped {
  /** `modificationTime` as rendered (Helsinki offset), kept in step with `mt`. */
  mtText: string
  federationId: number
  sportId: number
  firstName: string
  nickname?: string
  lastName: string
  birthDate: string
  email?: string
  phone?: string
  address: Address
  city: string
  languageCode: LanguageCode
  locale: Locale
  gender: Gender
  socialSecurityNumber?: string
  nationality: string
  deceasedDate?: string
  guardians?: GuardianInformation[]
  isAuthenticatedWithPassword: boolean
  isEventInstructor: boolean
  sportParameters: PersonSportParameter[]
  /** When the person's data was deleted (`deleteUserData`), as rendered; the other personal fields are then blank. */
  deletionTime?: string
}

/** A user licence (spec v2 §2.12) naming its person, licence and club by id. */
export interface UserLicenceRecord extends Stamped {
  mtText: string
  federationId: number
  licencePeriodId: number
  licenceId: number
  userId: number
  usagePeriodStart: string
  usagePeriodEnd: string
  salesPriceInCents: number
  /** Activation time, Helsinki local `yyyy-mm-ddTHH:MM:SS` (spec "datetime-only"). */
  purchaseTime: string
  /** The same activation time in milliseconds since the epoch: the default ordering's key. */
  purchaseMs: number
  licenceOrganizationId: number
  upgradeFrom?: number
  externalInsuranceCompany?: string
  externalInsuranceNumber?: string
  licencePrimarySportId?: number
}

/** A user insurance (spec v2 §2.13) naming its person and insurance by id. */
export interface UserInsuranceRecord extends Stamped {
  mtText: string
  federationId: number
  licencePeriodId: number
  insuranceId: number
  userId: number
  usagePeriodStart: string
  usagePeriodEnd: string
  salesPriceInCents: number
  purchaseTime: string
  /** The same activation time in milliseconds since the epoch: the default ordering's key. */
  purchaseMs: number
  insuranceTransferTime?: string
}
