import type { MeritGrantInput, OutboxView } from '../../../shared/ipc/contract'
import type { OutboxItem, OutboxKind } from '../../../shared/outbox'
import type { MeritGrantPayload } from '../../../shared/outboxPayloads'
import { getItem } from '../../db/outbox'
import type { InputOf } from '../../outbox/operations'
import { UserFacingError } from '../errors'
import { discardOutboxItem, editOutboxItem, listOutboxNamed, queue, queueMeritGrant, retryOutboxItem } from '../outbox'
import type { SessionContext } from './context'

/** The outbox's merit grant payload (spec v2 §4.3 body) of the UI's batch grant. */
function meritGrantPayload(input: MeritGrantInput): MeritGrantPayload {
  const { meritId, meritGrantees, grantingDate, meritGranter, meritAdditionalInfo, notifyGrantees } = input
  return { meritId, grant: { grantingDate, meritGranter, meritGrantees, notifyGrantees, ...(meritAdditionalInfo ? { meritAdditionalInfo } : {}) } }
}

/**
 * The desktop app's outbox (issue 5, DESIGN §4): changes queued, edited, retried and discarded
 * (see services/outbox), each told to the window (`outbox-changed`); a queued change is pushed at
 * once when it can be (the push itself is the session's: `DesktopSession.push`).
 */
export class SessionOutbox {
  constructor(private readonly session: SessionContext) {}

  /**
   * Queues a batch merit grant (spec v2 §4.3) and tries to push it at once.
   * @throws InvalidChangeError naming every problem (nothing is queued); UserFacingError `no-database`.
   */
  queueMeritGrant(input: MeritGrantInput): Promise<OutboxItem> {
    return this.queued(queueMeritGrant({ dbFile: this.session.dbFile(), ...meritGrantPayload(input) }))
  }

  /** After an item entered the queue: tell the window, and try to push it. */
  private async queued(queuing: Promise<OutboxItem>): Promise<OutboxItem> {
    const item = await queuing
    this.session.outboxChanged()
    setImmediate(() => this.session.pushInBackground())
    return item
  }

  /**
   * Queues a change of any kind (issue 5: every operation reachable from the app) with the input
   * its operation module takes (see the `queue…` functions of services/outbox), and tries to push it.
   * @throws InvalidChangeError naming every problem, also when the input is not of the kind's shape; UserFacingError `no-database`.
   */
  async queueChange(kind: OutboxKind, input: Record<string, unknown>, dependsOn?: number): Promise<OutboxItem> {
    return this.queued(queue({ dbFile: this.session.dbFile() }, kind, input as unknown as InputOf<typeof kind>, dependsOn))
  }

  /** Replaces a queued or rejected merit grant's input and queues it again. @throws as `editOutboxItem`; UserFacingError `wrong-kind`. */
  async editMeritGrant(itemId: number, input: MeritGrantInput): Promise<OutboxItem> {
    const item = this.session.read((db) => getItem(db, itemId))
    if (item && item.kind !== 'merit-grant') throw new UserFacingError('wrong-kind', `outbox item ${itemId} is a ${item.kind}, not a merit grant`)
    return this.editChange(itemId, meritGrantPayload(input))
  }

  /**
   * Replaces a queued or rejected change's input (any kind; the input its operation module takes),
   * checked as when queuing, and queues it again.
   * @throws UserFacingError `no-such-item` / `not-editable`; InvalidChangeError, also for input of another shape.
   */
  async editChange(itemId: number, input: unknown): Promise<OutboxItem> {
    const edited = await editOutboxItem({ dbFile: this.session.dbFile(), id: itemId, input })
    this.session.outboxChanged()
    return edited
  }

  /** The outbox panel: every item, the names of what they name, and how many wait. @throws UserFacingError `no-database`. */
  list(): OutboxView {
    return { ...listOutboxNamed(this.session.dbFile()), waiting: this.session.outboxWaiting() }
  }

  /** Queues a rejected item again unchanged. @throws UserFacingError `no-such-item` / `not-retryable`. */
  async retry(itemId: number): Promise<OutboxItem> {
    const item = await retryOutboxItem({ dbFile: this.session.dbFile(), id: itemId })
    this.session.outboxChanged()
    return item
  }

  /** Discards a queued or rejected item and the items that depend on it. @throws UserFacingError `no-such-item` / `not-discardable`. */
  async discard(itemId: number): Promise<{ removed: number[] }> {
    const removed = await discardOutboxItem({ dbFile: this.session.dbFile(), id: itemId })
    this.session.outboxChanged()
    return { removed }
  }
}
