import type { Language } from '../languages'
import type { OutboxState } from '../outbox'

/**
 * The words of problems that refuse a change before it enters the outbox (issue 5), one entry per
 * problem code, in every language of the app. `{{name}}` is a parameter; `{{name, number}}` one
 * written with the language's digit grouping (10,000 / 10 000); `{{name, state}}` an outbox state
 * (OutboxState) in the language's words. Each language names the same parameters (a unit test
 * checks it).
 */
export type ProblemTexts = Record<string, Record<Language, string>>

/** The parameter names of one text: `'{{what}} has {{length, number}} characters'` → `'what' | 'length'`. */
export type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? (P extends `${infer Name}, ${string}` ? Name : P) | Placeholders<Rest> : never

/**
 * Outbox states as a problem's running text says them (`{{state, state}}`): in Finnish and Swedish
 * the Outbox page's state badges in lower case (a test holds them equal); English keeps the state's
 * own name, as the CLI prints it.
 */
export const STATE_WORDS: Record<Language, Record<OutboxState, string>> = {
  en: { queued: 'queued', sending: 'sending', done: 'done', rejected: 'rejected', unknown: 'unknown' },
  fi: { queued: 'jonossa', sending: 'lähetetään', done: 'lähetetty', rejected: 'hylätty', unknown: 'vastaus kadonnut' },
  sv: { queued: 'i kö', sending: 'skickas', done: 'skickad', rejected: 'avvisad', unknown: 'svaret förlorades' }
}
