import { Select, type SelectProps } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberFilterOptions, MemberQuery } from '../../../shared/ipc/contract'
import { LONG_LIST_COMBOBOX } from './longList'

/** What a club filter has chosen: a club, an area (its clubs), or neither for all; a key is there only when chosen. */
export type ClubChoice = Pick<MemberQuery, 'clubId' | 'areaId'>

interface ClubSelectProps {
  /** The stored clubs (`getMemberFilters`), by name. */
  clubs: MemberFilterOptions['clubs']
  /** The stored areas, offered before the clubs to choose all of an area's clubs at once; none when omitted. */
  areas?: MemberFilterOptions['areas']
  value: ClubChoice
  onChange(choice: ClubChoice): void
  w: SelectProps['w']
  testId: string
}

/**
 * A list's club filter: searchable among a federation's thousand clubs, and, when `areas` are
 * given, its areas in a group of their own before them (one field, so the filters keep their rows
 * at the least window); cleared for all of them.
 */
export function ClubSelect({ clubs, areas, value, onChange, w, testId }: ClubSelectProps) {
  const { t } = useTranslation()
  const data = useMemo(() => {
    const ofClubs = clubs.map((club) => ({ value: `club ${club.id}`, label: club.name }))
    if (areas === undefined || areas.length === 0) return ofClubs
    return [
      { group: t('members.areas'), items: areas.map((area) => ({ value: `area ${area.id}`, label: area.name })) },
      { group: t('members.clubs'), items: ofClubs }
    ]
  }, [clubs, areas, t])
  const chosen = value.areaId !== undefined ? `area ${value.areaId}` : value.clubId !== undefined ? `club ${value.clubId}` : null
  return (
    <Select
      w={w}
      aria-label={t(areas === undefined ? 'members.club' : 'members.clubOrArea')}
      placeholder={t('members.allClubs')}
      data={data}
      value={chosen}
      onChange={(next) => {
        const [kind, id] = next?.split(' ') ?? []
        onChange(kind === 'area' ? { areaId: Number(id) } : kind === 'club' ? { clubId: Number(id) } : {})
      }}
      searchable
      clearable
      comboboxProps={LONG_LIST_COMBOBOX}
      data-testid={testId}
    />
  )
}
