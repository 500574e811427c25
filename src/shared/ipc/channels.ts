/**
 * The names of the desktop app's IPC contract, without schemas, so the sandboxed preload can build
 * its bridge without bundling zod. `src/shared/ipc/contract.ts` gives each method its channel,
 * input schema and output type; a test keeps both lists equal.
 */
export const METHODS = [
  'getAppState',
  'connect',
  'startDemo',
  'syncNow',
  'getSyncStatus',
  'getDataFreshness',
  'listMembers',
  'getMemberDetail',
  'getMemberFilters',
  'getLicenceSummary',
  'getOrganizations',
  'getOrganizationLicenceHolders',
  'exportMembers',
  'exportTable',
  'listMemberIds',
  'getMemberEmails',
  'getMeritChoices',
  'getGranteesNotReadable',
  'getOrderedMeritGroups',
  'getMeritCandidates',
  'exportMeritCandidates',
  'queueMeritGrant',
  'queueChange',
  'editChange',
  'editMeritGrant',
  'getOutbox',
  'pushOutbox',
  'retryOutboxItem',
  'discardOutboxItem',
  'openPaymentPage',
  'setRetention',
  'setAutoSync',
  'getPaymentMethods',
  'getPaymentStatus',
  'revealIdentityNumber',
  'exportMember',
  'recordPrint',
  'removeConnection',
  'checkAtVenue',
  'checkStartList',
  'importStartList',
  'getReports',
  'exportReport',
  'getEvents',
  'getEventParticipants',
  'getEventLimits',
  'getQueuedParticipants',
  'exportEventParticipants',
  'getRenewalList',
  'getRenewalEmails',
  'exportRenewalList',
  'openPaymentTerms'
] as const

/** One method of the contract, e.g. `listMembers`. */
export type MethodName = (typeof METHODS)[number]

/** The IPC channel of a method: `kanslia:<method>`. */
export function channelOf(method: MethodName): string {
  return `kanslia:${method}`
}

/** The one channel on which the main process pushes events (sync progress, sync finished). */
export const EVENT_CHANNEL = 'kanslia:event'
