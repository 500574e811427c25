import { Chip, Group, Table } from '@mantine/core'
import { useLocalStorage } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { knownColumns } from './knownColumns'

/**
 * The columns chosen for a table (issue 7 "Exports": column choice respected by export and
 * print), in the table's order, kept in localStorage under `storageKey` so the choice outlives the
 * page and the app; read at once on mount (not in an effect), so the table never first renders
 * with other columns. `defaults` must be a stable array (a module constant).
 */
export function useColumnChoice<C extends string>(storageKey: string, all: readonly C[], defaults: readonly C[]): [C[], (columns: C[]) => void] {
  const [columns, setColumns] = useLocalStorage<C[]>({
    key: storageKey,
    defaultValue: defaults as C[],
    getInitialValueInEffect: false,
    deserialize: (value) => knownColumns(value === undefined ? undefined : safeParse(value), all, defaults)
  })
  return [columns, (next) => setColumns(knownColumns(next, all, defaults))]
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

interface ColumnChoiceProps<C extends string> {
  /** Every column the table can show, in its order. */
  all: readonly C[]
  value: readonly C[]
  onChange(columns: C[]): void
  /** A column's heading in the user's language. */
  label(column: C): string
  /** What the table is (e.g. "Members"), for the group's accessible name. */
  table: string
  testId: string
}

/** Chips that show or hide a table's columns; the last column shown cannot be hidden. */
export function ColumnChoice<C extends string>({ all, value, onChange, label, table, testId }: ColumnChoiceProps<C>) {
  const { t } = useTranslation()
  return (
    <Chip.Group multiple value={value as C[]} onChange={(next) => next.length > 0 && onChange(next as C[])}>
      <Group gap="xs" role="group" aria-label={t('table.columnsOf', { table })} className="no-print" data-testid={testId}>
        {all.map((column) => (
          <Chip key={column} value={column} size="xs">
            {label(column)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  )
}

interface ChosenColumnsTableProps<R, C extends string> {
  rows: readonly R[]
  /** The columns chosen (`useColumnChoice`), in order. */
  columns: readonly C[]
  label(column: C): string
  cell(row: R, column: C): ReactNode
  /** A row's React key: unique among `rows`. */
  rowKey(row: R, index: number): string
  testId: string
  rowTestId: string
}

/**
 * A table of `rows` with the columns chosen, as its exports and print hold them. A window narrower
 * than 900 px, or rows wider than it (long e-mail addresses), scroll it sideways, not the page: its
 * scrolling part takes the focus, so that the keyboard scrolls it too (WCAG 2.1.1).
 */
export function ChosenColumnsTable<R, C extends string>({ rows, columns, label, cell, rowKey, testId, rowTestId }: ChosenColumnsTableProps<R, C>) {
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{label(column)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)} data-testid={rowTestId}>
              {columns.map((column) => (
                <Table.Td key={column}>{cell(row, column)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
