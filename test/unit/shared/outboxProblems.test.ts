import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/shared/languages'
import { OUTBOX_KINDS } from '../../../src/shared/outbox'
import { PROBLEM_TEXTS, problem, problemText, type OutboxProblem } from '../../../src/shared/outboxProblems'

/** The parameter names a text uses, without their format: `{{max, number}}` → `max`. */
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)(?:, (\w+))?\}\}/g)].map(([, name, format]) => `${name}${format ? `:${format}` : ''}`).sort()

describe('the outbox problems catalogue', () => {
  it('says every problem in every language with the same parameters, translated rather than copied', () => {
    const codes = Object.keys(PROBLEM_TEXTS) as Array<keyof typeof PROBLEM_TEXTS>
    expect(codes.length).toBeGreaterThan(40)
    for (const code of codes) {
      const texts: Record<string, string> = PROBLEM_TEXTS[code]
      for (const language of LANGUAGES) expect(placeholders(texts[language]), `${code} in ${language}`).toEqual(placeholders(texts.en))
      expect(texts.fi, code).not.toBe(texts.en)
      expect(texts.sv, code).not.toBe(texts.en)
      expect(texts.fi, code).not.toBe(texts.sv)
      expect(texts.en.match(/\{\{[^}]*\}\}/g)?.every((placeholder) => /^\{\{\w+(, (number|state))?\}\}$/.test(placeholder)) ?? true, code).toBe(true)
    }
  })

  it('prefixes every code of one kind with an outbox kind, so two kinds cannot share one by accident', () => {
    const kindCodes = Object.keys(PROBLEM_TEXTS).filter((code) => code.includes('.'))
    expect(kindCodes.length).toBeGreaterThan(20)
    for (const code of kindCodes) {
      expect(code).toMatch(/^[a-z-]+\.[a-z]+(-[a-z]+)*$/)
      expect(OUTBOX_KINDS, code).toContain(code.split('.')[0])
    }
  })
})

describe('problemText', () => {
  it('fills the parameters, grouping numbers and naming outbox states as each language writes them', () => {
    const count = problem('merit-grant.grantee-count', { max: 10000, count: 10001 })
    expect(problemText(count, 'en')).toBe('meritGrantees must list 1 to 10,000 members, got 10,001')
    expect(problemText(count, 'fi')).toBe('meritGrantees: saajia pitää olla 1–10\u00a0000, annettiin 10\u00a0001')
    const queued = problem('event-registration.already-queued', { userId: 7, itemId: 3, state: 'rejected' })
    expect(problemText(queued, 'en')).toBe('member 7 is already being registered to this event by outbox item #3 (rejected)')
    expect(problemText(queued, 'sv')).toBe('medlem 7 anmäls redan till evenemanget av post #3 i utkorgen (avvisad)')
    expect(problemText(problem('unknown-members', { ids: '4, 5' }), 'fi')).toBe('paikallisessa tietokannassa ei ole jäsentä, jonka tunniste on 4, 5')
  })

  it('gives a code it does not know as it is', () => {
    expect(problemText({ code: 'from-a-newer-kanslia', params: {} } as unknown as OutboxProblem, 'fi')).toBe('from-a-newer-kanslia')
    expect(problemText({ code: 'toString', params: {} } as unknown as OutboxProblem, 'fi')).toBe('toString')
  })
})
