/** Limits of spec v2 §8 that queued changes are checked against before they enter the outbox. */

/** `meritGrantees`: 1..10000 unique user ids (spec v2 §4.3, §8). */
export const MAX_MERIT_GRANTEES = 10_000
/** `meritGranter`: 1..255 characters (spec v2 §4.3, §8). */
export const MAX_MERIT_GRANTER_LENGTH = 255
/** `meritAdditionalInfo`: at most 2048 characters (spec v2 §4.3, §8). */
export const MAX_MERIT_ADDITIONAL_INFO_LENGTH = 2048
/** Client data `content`: at most 2048 characters (spec v2 §2.18 "Client data", §4.10, §8). */
export const MAX_CLIENT_DATA_LENGTH = 2048
