import { Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { useAppStore, type MembersShown } from '../stores/app'

/**
 * A table's value (a licence's holders, a club's name) that opens the member list filtered by
 * `filters` (`showMembers`); on paper it is the value alone, as print.css leaves buttons out.
 * `label` is the button's accessible name, saying whose members it lists; it begins with the
 * value shown, as WCAG 2.5.3 (label in name) asks.
 */
export function MembersButton({ filters, label, testId, children }: { filters: MembersShown; label: string; testId: string; children: ReactNode }) {
  const showMembers = useAppStore((s) => s.showMembers)
  return (
    <>
      {/* In line with the column's other values and heading: no padding, and a long name wraps as text does. */}
      <Button size="compact-sm" variant="subtle" px={0} h="auto" styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }} onClick={() => showMembers(filters)} aria-label={label} data-testid={testId}>
        {children}
      </Button>
      <span className="print-only">{children}</span>
    </>
  )
}
