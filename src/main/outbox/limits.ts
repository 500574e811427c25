/** Limits of spec v2 §8 that queued changes are checked against before they enter the outbox. */

/** `meritGrantees`: 1..10000 unique user ids (spec v2 §4.3, §8). */
export const MAX_MERIT_GRANTEES = 10_000
/** `meritGranter`: 1..255 characters (spec v2 §4.3, §8). */
export const MAX_MERIT_GRANTER_LENGTH = 255
/** `meritAdditionalInfo`: at most 2048 characters (spec v2 §4.3, §8). */
export const MAX_MERIT_ADDITIONAL_INFO_LENGTH = 2048
/** Client data `content`: at most 2048 characters (spec v2 §2.18 "Client data", §4.10, §8). */
export const MAX_CLIENT_DATA_LENGTH = 2048
/** `masterSportIds` (v3 CreateMerit `mastersportIds`): 1..10000 items (spec v2 §2.8, §8). */
export const MAX_MASTER_SPORT_IDS = 10_000
/**
 * v3 CreateEventParticipants `userIds`: 1..10000. Spec v3 names no bound; participants granted the
 * event's merits are grantees, whose limit is 1..10000 (spec v2 §8), so the same bound applies.
 */
export const MAX_EVENT_PARTICIPANTS = 10_000
/** Order ids in one payment status request (spec v2 §4.9, §8). */
export const MAX_ORDER_STATUS_IDS = 100
