/**
 * How long after an event a registration to it keeps the participant readable by the organizer
 * (spec v2 §4.3 "recent event registration"; the spec gives no figure). Kanslia's warning and the
 * Federation Sandbox's check read the same number of days.
 */
export const RECENT_REGISTRATION_DAYS = 365
