import { intlLocale, type Language } from '../languages'
import type { OutboxState } from '../outbox'
import { checkProblems } from './checks'
import { clubCreateProblems } from './clubCreate'
import { clubTransferProblems } from './clubTransfer'
import { eventCreateProblems } from './eventCreate'
import { eventParticipantsProblems } from './eventParticipants'
import { eventRegistrationProblems } from './eventRegistration'
import { meritCreateProblems } from './meritCreate'
import { meritGrantProblems } from './meritGrant'
import { orderCancelProblems } from './orderCancel'
import { orderCreateProblems } from './orderCreate'
import { orderPaymentProblems } from './orderPayment'
import { organizationUserAccessProblems } from './organizationUserAccess'
import { registrationCancelProblems } from './registrationCancel'
import { STATE_WORDS, type Placeholders } from './text'

/**
 * Every problem that refuses a change before it enters the outbox (issue 5), by code, in every
 * language of the app: the shared checks' codes, then each kind's, prefixed with the kind
 * (`merit-grant.no-granter`).
 */
export const PROBLEM_TEXTS = {
  ...checkProblems,
  ...meritGrantProblems,
  ...eventRegistrationProblems,
  ...registrationCancelProblems,
  ...clubTransferProblems,
  ...clubCreateProblems,
  ...organizationUserAccessProblems,
  ...meritCreateProblems,
  ...eventCreateProblems,
  ...eventParticipantsProblems,
  ...orderCreateProblems,
  ...orderPaymentProblems,
  ...orderCancelProblems
}

export type ProblemCode = keyof typeof PROBLEM_TEXTS

/** The parameter names of a problem's text (its English one; every language names the same). */
type ParamName<C extends ProblemCode> = Placeholders<(typeof PROBLEM_TEXTS)[C]['en']>

/** The parameters a problem's text names, e.g. `{ what: 'grantingDate', value: '"2026-02-30"' }`. */
export type ProblemParams<C extends ProblemCode> = Record<ParamName<C>, string | number>

/**
 * One reason a change was refused, as the main process finds it and the renderer says it: a code
 * of PROBLEM_TEXTS and the values of its parameters. Plain JSON, so it crosses IPC.
 */
export interface OutboxProblem {
  code: ProblemCode
  params: Record<string, string | number>
}

/** A problem of `code`; its parameters are checked against the English text's at compile time. */
export function problem<C extends ProblemCode>(code: C, ...params: [ParamName<C>] extends [never] ? [] : [ProblemParams<C>]): OutboxProblem {
  return { code, params: params[0] ?? {} }
}

/**
 * A problem in words in `language`: `{{name}}` replaced by the parameter, `{{name, number}}` by
 * the number grouped as the language writes it (10,000 in English, 10 000 in Finnish),
 * `{{name, state}}` by the outbox state's word. A code this version does not know is given as it is.
 */
export function problemText({ code, params }: OutboxProblem, language: Language): string {
  if (!Object.hasOwn(PROBLEM_TEXTS, code)) return code
  const text: string = PROBLEM_TEXTS[code][language]
  return text.replace(/\{\{(\w+)(?:, (number|state))?\}\}/g, (_, name: string, format: string | undefined) => {
    const value = params[name]
    if (format === 'number' && typeof value === 'number') return value.toLocaleString(intlLocale(language))
    if (format === 'state' && Object.hasOwn(STATE_WORDS[language], value)) return STATE_WORDS[language][value as OutboxState]
    return String(value)
  })
}
