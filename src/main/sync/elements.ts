import { parseInstant } from '../../shared/instant'
import type { ReceivedElement } from '../db/synced'
import { ApiError } from '../api/errors'

/** A list page as the engine needs it (spec v2 §2.1 envelope). */
export interface ListPage {
  content: unknown[]
  total: number
  /** The page size the server went by (`pageable.size`), when it gave a positive whole number. */
  size?: number
}

/**
 * Checks the paging envelope (spec v2 §2.1) leniently: `content` must be an array; a missing
 * `pageable.total` counts as the length of `content`.
 * @throws ApiError 'invalid-response' when the body is not an envelope.
 */
export function readEnvelope(body: unknown, where: string): ListPage {
  const envelope = body as { content?: unknown; pageable?: { total?: unknown; size?: unknown } } | null
  if (!envelope || typeof envelope !== 'object' || !Array.isArray(envelope.content)) {
    throw new ApiError('invalid-response', `GET ${where}: the answer is not a list envelope ({content, pageable})`)
  }
  const total = typeof envelope.pageable?.total === 'number' ? envelope.pageable.total : envelope.content.length
  const size = envelope.pageable?.size
  return typeof size === 'number' && Number.isSafeInteger(size) && size > 0 ? { content: envelope.content, total, size } : { content: envelope.content, total }
}

/**
 * The page size to read on with after `page`, asked `asked` at a time: its `pageable.size` when
 * smaller (a server that caps the size below the 100,000 spec v2 §2.1 allows), else `asked`. Page
 * numbers count pages of the size the server goes by; asking the same smaller size from then on
 * keeps them in step, and a short page is not taken for the last one.
 */
export function pageSizeOf(page: ListPage, asked: number): number {
  return page.size !== undefined && page.size < asked ? page.size : asked
}

/**
 * Elements worth storing, the count of those that are not, the ids among those of the elements
 * skipped for an unreadable `modificationTime` (the API still lists them), and the newest instant
 * among those stored.
 */
export interface SortedElements {
  received: ReceivedElement[]
  skipped: number
  unreadableIds: number[]
  /** Elements stored without a modificationTime, at modificationUs 0 (`ElementShape.timesOptional`). */
  untimed: number
  newestUs: number | null
}

/** How to read an element's identity: its id field, and whether it carries a modificationTime. */
export interface ElementShape {
  /** The element's id; default its `id` field. */
  idOf?: (element: Record<string, unknown>) => unknown
  /** False for lists whose elements carry no modificationTime: each gets modificationUs 0. */
  timed?: boolean
  /** True when an element may carry no modificationTime at all (`ListSource.timesOptional`): it gets modificationUs 0; an unreadable one is still skipped. */
  timesOptional?: boolean
}

/**
 * Keeps the elements with an integer id and, unless `shape.timed` is false, a parseable
 * `modificationTime` (offsets, 1–9 fraction digits: DESIGN §3 rule 1); others are skipped
 * (DESIGN §2: not stored, reported). Unknown fields and enum values are kept as they are.
 */
export function sortElements(content: readonly unknown[], shape: ElementShape = {}): SortedElements {
  const idOf = shape.idOf ?? ((element: Record<string, unknown>) => element.id)
  const timed = shape.timed !== false
  const received: ReceivedElement[] = []
  const unreadableIds: number[] = []
  let skipped = 0
  let untimed = 0
  let newestUs: number | null = null
  for (const item of content) {
    const element = item as Record<string, unknown> | null
    const id = element && typeof element === 'object' ? idOf(element) : undefined
    if (!element || !Number.isSafeInteger(id)) {
      skipped++
      continue
    }
    if (!timed) {
      received.push({ id: id as number, modificationUs: 0, element })
      continue
    }
    if (shape.timesOptional === true && (element.modificationTime === undefined || element.modificationTime === null)) {
      untimed++
      received.push({ id: id as number, modificationUs: 0, element })
      continue
    }
    const modificationUs = instantOrNull(element.modificationTime)
    if (modificationUs === null) {
      skipped++
      unreadableIds.push(id as number)
      continue
    }
    if (newestUs === null || modificationUs > newestUs) newestUs = modificationUs
    received.push({ id: id as number, modificationUs, element })
  }
  return { received, skipped, unreadableIds, untimed, newestUs }
}

function instantOrNull(value: unknown): number | null {
  if (typeof value !== 'string') return null
  try {
    return parseInstant(value)
  } catch {
    return null
  }
}
