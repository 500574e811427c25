import { z } from 'zod'
import { METHODS, type MethodName } from '../../shared/ipc/channels'
import { CONTRACT, type IpcError, type IpcResult, type MethodOutput, type ParsedInput } from '../../shared/ipc/contract'
import { InvalidChangeError } from '../outbox/errors'
import type { DesktopSession } from '../services/desktop/session'
import type { TableFormat } from '../services/tableExport'
import { writePaymentForm } from '../services/paymentForm'
import { readTableLines } from '../services/tableImport'
import { errorCodeOf } from '../services/errorCode'
import { storageFailure } from '../db/storageFailure'
import { registryAddress } from '../services/links'

/**
 * What the handlers need besides the session: opening a validated URL in the system browser, and
 * asking the person where to save an export (Electron's save dialog; null when they cancel).
 */
export interface HandlerDeps {
  session: DesktopSession
  openExternal(url: string): Promise<void>
  chooseSaveFile(suggestedName: string, format: TableFormat | 'json'): Promise<string | null>
  /** Opens a file the main process wrote (the payment start page) in the system's default app, the browser. */
  openFile(path: string): Promise<void>
  /** Asks the person which spreadsheet to import (Electron's open dialog); null when they cancel. */
  chooseOpenFile(extensions: string[]): Promise<string | null>
}

type Handlers = { [M in MethodName]: (input: ParsedInput<M>) => Promise<MethodOutput<M>> | MethodOutput<M> }

/** One implementation per contract method, each calling the session (and through it `services/`). */
export function createHandlers({ session, openExternal, chooseSaveFile, openFile, chooseOpenFile }: HandlerDeps): Handlers {
  /** Asks where a table export goes (named `<stem>.<format>`) and writes it there; `saved` null when the person cancels. */
  const saveTable = async (stem: string, format: TableFormat, write: (file: string) => Promise<number>) => {
    const file = await chooseSaveFile(`${stem}.${format}`, format)
    return file === null ? { saved: null, rows: 0 } : { saved: file, rows: await write(file) }
  }
  return {
    getAppState: () => session.state(),
    connect: (input) => session.connect(input),
    startDemo: (input) => session.startDemo(input?.athletes),
    syncNow: (input) => session.sync(input?.full ?? false),
    getSyncStatus: () => session.syncStatus(),
    getDataFreshness: () => session.dataFreshness(),
    listMembers: (input) => session.reads.members(input),
    getMemberDetail: (input) => session.reads.memberDetail(input.id),
    getMemberFilters: () => session.reads.memberFilters(),
    getLicenceSummary: () => session.reads.licenceSummary(),
    getOrganizations: () => session.reads.organizations(),
    getOrganizationLicenceHolders: () => session.reads.organizationLicenceHolders(),
    listMemberIds: (input) => session.reads.memberIds(input),
    getMemberEmails: (input) => session.exports.memberEmails(input),
    exportMembers: (input) => saveTable(`members-${session.todayDate()}`, input.format, (file) => session.exports.members(input, file)),
    exportTable: (input) => saveTable(`${input.table}-${session.todayDate()}`, input.format, (file) => session.exports.table(input, file)),
    getMeritChoices: () => session.reads.meritChoices(),
    getGranteesNotReadable: (input) => session.reads.granteesNotReadable(input.meritId, input.meritGrantees),
    getOrderedMeritGroups: () => session.reads.orderedMeritGroups(),
    getMeritCandidates: (input) => session.reads.meritCandidates(input.groupId, input.seasons, input.nextMeritId),
    exportMeritCandidates: (input) => saveTable(`merit-candidates-${session.todayDate()}`, input.format, (file) => session.exports.meritCandidates(input, file)),
    queueMeritGrant: (input) => session.outbox.queueMeritGrant(input),
    queueChange: (input) => session.outbox.queueChange(input.kind, input.input, input.dependsOn),
    editMeritGrant: (input) => session.outbox.editMeritGrant(input.itemId, input.grant),
    editChange: (input) => session.outbox.editChange(input.itemId, input.input),
    getOutbox: () => session.outbox.list(),
    pushOutbox: () => session.push(),
    retryOutboxItem: (input) => session.outbox.retry(input.itemId),
    discardOutboxItem: (input) => session.outbox.discard(input.itemId),
    openPaymentPage: async (input) => {
      await openFile(writePaymentForm(session.payments.initiation(input.itemId)))
      return { opened: true }
    },
    setRetention: (input) => session.setRetention(input.months),
    setAutoSync: (input) => session.setAutoSync(input.enabled),
    recordPrint: (input) => session.exports.recordPrint(input),
    getPaymentMethods: (input) => session.payments.methods(input.orderId),
    getPaymentStatus: (input) => session.payments.status(input.orderIds),
    revealIdentityNumber: (input) => session.exports.revealIdentityNumber(input.id),
    exportMember: async (input) => {
      const file = await chooseSaveFile(`member-${input.id}-${session.todayDate()}.json`, 'json')
      if (file === null) return { saved: null }
      await session.exports.member(input.id, file)
      return { saved: file }
    },
    removeConnection: () => session.removeConnection(),
    checkAtVenue: (input) => session.reads.venueCheck(input.text, input.date),
    checkStartList: (input) => session.reads.startList(input.lines, input.date),
    importStartList: async (input) => {
      const file = await chooseOpenFile(['xlsx', 'csv', 'txt'])
      if (file === null) return { file: null, result: null }
      return { file, result: await session.reads.startList(await readTableLines(file), input?.date) }
    },
    getReports: (input) => session.reads.reports(input?.licencePeriodId),
    exportReport: (input) => saveTable(`${input.report}-${session.todayDate()}`, input.format, (file) => session.exports.report(input, file)),
    getEvents: (input) => session.reads.eventList(input),
    getEventParticipants: (input) => session.reads.eventParticipants(input.uuid),
    getEventLimits: (input) => session.reads.eventLimits(input.uuid, input.userIds),
    getQueuedParticipants: (input) => session.reads.queuedParticipants(input.uuid),
    exportEventParticipants: (input) => saveTable(`participants-${input.uuid.slice(0, 8)}-${session.todayDate()}`, input.format, (file) => session.exports.eventParticipants(input, file)),
    getRenewalList: (input) => session.reads.renewalList(input),
    getRenewalEmails: (input) => session.exports.renewalListEmails(input),
    exportRenewalList: (input) => saveTable(`${input.kind}-${session.todayDate()}`, input.format, (file) => session.exports.renewalList(input, file)),
    // The renderer names the order, never the address: the terms' URL is read from the API here and checked.
    openPaymentTerms: async (input) => {
      await openExternal(registryAddress((await session.payments.methods(input.orderId)).termsUrl, 'terms of sale'))
      return { opened: true }
    }
  }
}

/**
 * Maps any thrown error to `{code, message}` (its code by `errorCodeOf`): known errors keep their
 * words, a disk failing the database's writes gets `storageFailure`'s, others become `internal`.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof InvalidChangeError) return { code: error.code, message: error.message, problems: [...error.problems] }
  if (error instanceof z.ZodError) {
    return { code: 'invalid-input', message: error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') }
  }
  const storage = storageFailure(error)
  if (storage !== null) return storage
  return { code: errorCodeOf(error), message: error instanceof Error ? error.message : String(error) }
}

/** True when `name` is a method of the contract (a string from the other side of the boundary). */
export function isMethod(name: unknown): name is MethodName {
  return typeof name === 'string' && (METHODS as readonly string[]).includes(name)
}

/**
 * The one entry of every call from the renderer (Electron IPC and the E2E binding alike):
 * validates `input` with the method's zod schema, runs the handler, and answers an `IpcResult`;
 * it never throws.
 */
export async function dispatch(handlers: Handlers, method: unknown, input: unknown): Promise<IpcResult<unknown>> {
  if (!isMethod(method)) return { ok: false, error: { code: 'unknown-method', message: `unknown method ${String(method)}` } }
  try {
    const parsed = (CONTRACT[method].input as z.ZodType).parse(input ?? undefined)
    const handler = handlers[method] as (value: unknown) => unknown
    return { ok: true, value: await handler(parsed) }
  } catch (error) {
    return { ok: false, error: toIpcError(error) }
  }
}
