import { Select, type SelectProps } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberFilterOptions } from '../../../shared/ipc/contract'
import { LONG_LIST_COMBOBOX } from './longList'

interface ClubSelectProps {
  /** The stored clubs (`getMemberFilters`), by name. */
  clubs: MemberFilterOptions['clubs']
  /** The club chosen; undefined for all clubs. */
  value: number | undefined
  onChange(clubId: number | undefined): void
  w: SelectProps['w']
  testId: string
}

/** A list's club filter: searchable among a federation's thousand clubs, cleared for all of them. */
export function ClubSelect({ clubs, value, onChange, w, testId }: ClubSelectProps) {
  const { t } = useTranslation()
  const data = useMemo(() => clubs.map((club) => ({ value: String(club.id), label: club.name })), [clubs])
  return (
    <Select
      w={w}
      aria-label={t('members.club')}
      placeholder={t('members.allClubs')}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      searchable
      clearable
      comboboxProps={LONG_LIST_COMBOBOX}
      data-testid={testId}
    />
  )
}
