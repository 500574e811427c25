import { Alert, Box, Button, Group, Select, Stack, Table, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { INSURANCE_FILTERS, type InsuranceFilter, type LicenceStatus, type MemberExportColumn, type MemberFilterOptions, type MemberListRow, type MemberQuery, type MemberSortColumn } from '../../../shared/ipc/contract'
import { call } from '../api'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLatestOnly, useLoad } from '../components/useLoad'
import { ColumnChoice, useColumnChoice } from '../components/ColumnChoice'
import { ClubSelect } from '../components/ClubSelect'
import { CopyEmails } from '../components/CopyEmails'
import { exportColumnsOf, MEMBER_COLUMNS, type MemberColumn } from './memberColumns'
import { formatDate } from '../i18n'
import { useAppStore } from '../stores/app'
import { GrantMerit } from './GrantMerit'
import { MemberDetail } from './MemberDetail'
import { RegisterToEvent } from './RegisterToEvent'
import { listedName } from '../../../shared/personName'
import { LICENCE_VERDICTS } from '../../../shared/licenceValidity'
import { VERDICT_COLOR } from '../verdictColors'

/** Rows fetched per request; the list asks only for the windows the virtualiser shows. */
const PAGE = 50
/** How long a window that failed is left unasked while the list scrolls, ms. */
const RETRY_AFTER_MS = 3_000
const ROW_HEIGHT = 36
/** A column's least width (px) and, for those that take a share of the room left, that share (fr). */
const WIDTH: Record<MemberColumn, { min: number; share?: number }> = {
  name: { min: 180, share: 2 },
  sportId: { min: 110 },
  birthYear: { min: 90 },
  club: { min: 140, share: 1.5 },
  licence: { min: 240, share: 2 },
  // Wide enough for the longest word of the three languages ("INGEN FÖRSÄKRING").
  insurance: { min: 170 }
}
/** The tick boxes' column, px. */
const TICK_WIDTH = 36
/** A column's heading (and chip). */
const COLUMN_LABEL: Record<MemberColumn, string> = {
  name: 'members.name',
  sportId: 'members.sportId',
  birthYear: 'members.birthYear',
  club: 'members.club',
  licence: 'members.licence',
  insurance: 'members.insurance'
}
/** The most members one merit grant may name (spec v2 §8 `meritGrantees`), and so the most "tick all" ticks. */
const MAX_TICKED = 10_000
/** Rows printed: a page of paper per ~40; the export holds the whole list. */
const PRINT_ROWS = 500
/** The heading of each exported column (the list's own headings). */
const EXPORT_LABEL: Record<MemberExportColumn, string> = {
  name: 'members.name',
  sportId: 'members.sportId',
  birthYear: 'members.birthYear',
  club: 'members.club',
  licenceStatus: 'members.licence',
  licenceEnd: 'members.licenceEnd',
  insurance: 'members.insurance'
}

type Filters = Pick<MemberQuery, 'clubId' | 'areaId' | 'licenceId' | 'licencePeriodId' | 'insurance'> & { status: 'all' | LicenceStatus }
/** A list query without its window: text, filters and order. */
type ListQuery = Omit<MemberQuery, 'offset' | 'limit'>
const INITIAL_QUERY: ListQuery = { text: '', status: 'all', sort: 'name', direction: 'asc' }

/**
 * Members (issues 3, 5): a virtualised list of every member, windows fetched over IPC as they
 * scroll into view (SQL LIMIT/OFFSET in the main process), search as you type, filters, sortable
 * columns (TanStack Table's sorting state, sorted by SQL), arrow keys move, Enter opens detail.
 * Members are ticked (checkbox, Space, shift-click for a range, or all that match) across
 * searches, for the batch merit grant. Columns may be hidden (the choice is kept); export and print
 * hold the columns shown.
 */
export function Members() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  // Another page (the organization tree, the licences page, the reports) opens the list filtered so (`showMembers`), once.
  const [filters, setFilters] = useState<Filters>(() => ({ status: 'all', ...useAppStore.getState().membersToShow }))
  useEffect(() => {
    if (useAppStore.getState().membersToShow !== null) useAppStore.setState({ membersToShow: null })
  }, [])
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }])
  const [options, setOptions] = useState<MemberFilterOptions>({ clubs: [], areas: [], licences: [], licencePeriods: [] })
  const [total, setTotal] = useState(0)
  /** The list's answer came before the day's licence verdicts (a first sync runs). */
  const [verdictsPending, setVerdictsPending] = useState(false)
  const [pages, setPages] = useState<Map<number, MemberListRow[]>>(new Map())
  const [selected, setSelected] = useState(0)
  const [openId, setOpenId] = useState<number | null>(null)
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  /** The row index of the last tick: shift-click ticks the range from it. */
  const anchor = useRef<number | null>(null)
  const [granting, setGranting] = useState(false)
  const [registering, setRegistering] = useState(false)
  const [queuedSummary, setQueuedSummary] = useState<string | null>(null)
  const { notice, show: tell, clear, fail, loadFailed, loaded, saved } = useNotice()
  /** The rows on paper while printing (hidden on screen); null otherwise. */
  const [printRows, setPrintRows] = useState<MemberListRow[] | null>(null)
  /** The columns shown, and so exported and printed. */
  const [shownColumns, setShownColumns] = useColumnChoice('kanslia.members.columns', MEMBER_COLUMNS, MEMBER_COLUMNS)
  const layout = useMemo<RowLayout>(
    () => ({
      template: [`${TICK_WIDTH}px`, ...shownColumns.map((column) => (WIDTH[column].share ? `minmax(${WIDTH[column].min}px, ${WIDTH[column].share}fr)` : `${WIDTH[column].min}px`))].join(' '),
      minWidth: shownColumns.reduce((sum, column) => sum + WIDTH[column].min, TICK_WIDTH),
      shows: new Set(shownColumns)
    }),
    [shownColumns]
  )
  const grantees = useMemo(() => [...ticked], [ticked])
  /** Windows of the list on screen asked for (page numbers). */
  const requested = useRef(new Set<number>())
  /** A search, filter or refresh: only the newest query's answer is shown. */
  const queries = useLatestOnly()
  /**
   * Counts the lists shown: windows fetched for an earlier list are dropped. Not `latestOnly`: the
   * windows of one list load side by side and every one of them is wanted, not only the newest.
   */
  const shown = useRef(0)
  const scrollRef = useRef<HTMLDivElement>(null)
  const headerRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  useHotkeys([['mod+F', () => searchRef.current?.focus()]], [])
  // Stable callbacks: a new estimateSize makes the virtualiser re-measure all 150,000 rows on every render.
  const getScrollElement = useCallback(() => scrollRef.current, [])
  const estimateSize = useCallback(() => ROW_HEIGHT, [])

  /** The query whose rows `pages` holds: the list on screen, also what export, print and ticks use. */
  const [query, setQuery] = useState<ListQuery>(INITIAL_QUERY)
  /** The query last asked for; its answer replaces `query` and the rows together. */
  const wanted = useRef<ListQuery>(INITIAL_QUERY)

  useLoad(
    () => call('getMemberFilters'),
    [dataVersion],
    (answer) => {
      setOptions(answer)
      loaded('filters')
    },
    (error) => loadFailed(error, 'filters')
  )

  /**
   * Asks for `windows` (page numbers) of `next` at once (a keystroke's query leaves before React
   * renders anything) and shows them with their rows in one render; the previous rows stay until
   * then, and a newer query's answer wins over an older one's. Other windows are dropped, to be
   * fetched as they scroll into view. `keepPlace` keeps the scroll position and selection (a
   * refresh); otherwise the list shows from its top. A failure shows in the notice over the
   * previous rows.
   */
  const show = useCallback(
    (next: ListQuery, windows: number[], keepPlace: boolean) => {
      wanted.current = next
      void queries.run(
        Promise.all(windows.map((page) => call('listMembers', { ...next, offset: page * PAGE, limit: PAGE }))),
        (results) => {
          shown.current++
          requested.current = new Set(windows)
          const count = results[0].total
          // Rendered at once rather than in a scheduler task that may miss the coming frame.
          flushSync(() => {
            setQuery(next)
            setTotal(count)
            setVerdictsPending(results[0].verdictsPending)
            setPages(new Map(windows.map((page, i) => [page, results[i].rows])))
            setSelected((index) => (keepPlace ? Math.min(index, Math.max(0, count - 1)) : 0))
          })
          if (!keepPlace) scrollRef.current?.scrollTo({ top: 0 })
          loaded()
        },
        loadFailed
      )
    },
    [queries, loaded, loadFailed]
  )
  const load = useCallback((next: ListQuery) => show(next, [0], false), [show])

  const onSearch = useCallback((text: string) => load({ ...wanted.current, text }), [load])
  useEffect(() => {
    const sort = (sorting[0]?.id ?? 'name') as MemberSortColumn
    load({
      ...wanted.current,
      clubId: filters.clubId,
      areaId: filters.areaId,
      licenceId: filters.licenceId,
      licencePeriodId: filters.licencePeriodId,
      status: filters.status,
      insurance: filters.insurance,
      sort,
      direction: sorting[0]?.desc ? 'desc' : 'asc'
    })
  }, [load, filters, sorting])

  /** The windows on screen (page numbers), for `refresh`. */
  const onScreen = useRef({ from: 0, to: 0 })
  /**
   * The list on screen read again where it stands (after a sync, which the app also runs by itself
   * every quarter hour): the windows on screen are fetched anew; scroll position, selection and
   * ticks stay.
   */
  const refresh = useCallback(() => {
    const windows: number[] = []
    for (let page = onScreen.current.from; page <= onScreen.current.to; page++) windows.push(page)
    // A copy, so that until its answer is shown the query on screen is not the one asked for (`fetchPage`).
    show({ ...wanted.current }, windows, true)
  }, [show])
  const firstDataVersion = useRef(dataVersion)
  useEffect(() => {
    if (dataVersion !== firstDataVersion.current) refresh()
  }, [dataVersion, refresh])

  /**
   * Fetches a further window of the list on screen as it scrolls into view. A failure shows in the
   * notice, and the window is asked for again when it next scrolls into view after RETRY_AFTER_MS:
   * every scroll step would otherwise ask a failing database again at once.
   */
  const fetchPage = useCallback(
    (page: number) => {
      requested.current.add(page)
      const list = shown.current
      void call('listMembers', { ...query, offset: page * PAGE, limit: PAGE }).then(
        (result) => {
          if (list !== shown.current) return
          setTotal(result.total)
          setPages((previous) => new Map(previous).set(page, result.rows))
          // While a newer query is asked for, its answer (or failure) decides the notice.
          if (wanted.current === query) loaded()
        },
        (error: unknown) => {
          if (list !== shown.current) return
          loadFailed(error)
          setTimeout(() => {
            if (list === shown.current) requested.current.delete(page)
          }, RETRY_AFTER_MS)
        }
      )
    },
    [query, loaded, loadFailed]
  )

  // Every search answer renders the rows on screen and the overscan anew: 4 rows beyond each edge
  // keep scrolling smooth; 12 made the ~17 rows on screen ~30 to render and lay out.
  const virtualizer = useVirtualizer({ count: total, getScrollElement, estimateSize, overscan: 4 })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? 0
  onScreen.current = { from: Math.floor(first / PAGE), to: Math.floor(last / PAGE) }
  useEffect(() => {
    for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page++) {
      if (!requested.current.has(page)) fetchPage(page)
    }
  }, [first, last, fetchPage])

  const open = useCallback((index: number, row: MemberListRow | undefined) => {
    setSelected(index)
    if (row) setOpenId(row.id)
  }, [])

  const rowAt = (index: number) => pages.get(Math.floor(index / PAGE))?.[index % PAGE]

  // Read through a ref so `tick` keeps its identity across keystrokes and the memoised rows stay put.
  const queryRef = useRef(query)
  queryRef.current = query
  /** Ticks the members of rows `from`…`to` of the current query (their windows may not be loaded). */
  const tickRange = useCallback(async (from: number, to: number) => {
    const ids = await call('listMemberIds', { ...queryRef.current, offset: from, limit: Math.min(MAX_TICKED, to - from + 1) })
    setTicked((previous) => new Set([...previous, ...ids]))
  }, [])
  const tick = useCallback(
    (index: number, row: MemberListRow | undefined, range: boolean) => {
      if (range && anchor.current !== null) void tickRange(Math.min(anchor.current, index), Math.max(anchor.current, index))
      else if (row) {
        setTicked((previous) => {
          const next = new Set(previous)
          if (!next.delete(row.id)) next.add(row.id)
          return next
        })
      }
      anchor.current = index
    },
    [tickRange]
  )

  const columns = useMemo<Array<ColumnDef<MemberListRow>>>(
    () => [
      { id: 'name', header: t(COLUMN_LABEL.name), accessorFn: (row) => `${row.lastName ?? ''} ${row.firstName ?? ''}` },
      { id: 'sportId', header: t(COLUMN_LABEL.sportId), accessorKey: 'sportId' },
      { id: 'birthYear', header: t(COLUMN_LABEL.birthYear), accessorKey: 'birthYear' },
      { id: 'club', header: t(COLUMN_LABEL.club), accessorKey: 'club' },
      { id: 'licence', header: t(COLUMN_LABEL.licence), accessorKey: 'licenceStatus', enableSorting: false },
      { id: 'insurance', header: t(COLUMN_LABEL.insurance), accessorKey: 'insured', enableSorting: false }
    ] satisfies Array<ColumnDef<MemberListRow> & { id: MemberColumn }>,
    [t]
  )
  const columnVisibility = useMemo(() => Object.fromEntries(MEMBER_COLUMNS.map((column) => [column, layout.shows.has(column)])), [layout])
  const rowLabels = useMemo<RowLabels>(() => {
    // The tick label's text around the name, translated once: i18next's interpolation on each of
    // 40 rows on every keystroke costs more than the rows' own rendering.
    const marker = '\u0000'
    const [before, after = ''] = t('members.select', { name: marker, interpolation: { escapeValue: false } }).split(marker)
    return {
      status: Object.fromEntries(LICENCE_VERDICTS.map((verdict) => [verdict, t(`status.${verdict}`)])) as Record<LicenceStatus, string>,
      insured: t('status.insured'),
      uninsured: t('status.uninsured'),
      dataDeleted: t('members.dataDeleted'),
      tick: (name) => `${before}${name}${after}`
    }
  }, [t])
  const table = useReactTable({
    data: [],
    columns,
    state: { sorting, columnVisibility },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel()
  })

  // Export and print read the query through its ref: stable callbacks let the actions menu skip
  // the re-render of every search answer.
  /** Exports every member of the current search, filters and order (not only the rows loaded), with the columns shown. */
  const exportAs = useCallback(
    (format: 'csv' | 'xlsx') => {
      clear()
      const values = { ...rowLabels.status, insured: rowLabels.insured, uninsured: rowLabels.uninsured }
      return call('exportMembers', { ...queryRef.current, format, values, columns: exportColumnsOf(shownColumns).map((key) => ({ key, label: t(EXPORT_LABEL[key]) })) })
        .then(saved)
        .catch(fail)
    },
    [t, rowLabels, shownColumns, clear, saved, fail]
  )
  /** Prints the first PRINT_ROWS members of the current list as a plain table (the virtualised list holds only what is on screen). */
  const print = useCallback(async () => {
    const query = queryRef.current
    const { rows } = await call('listMembers', { ...query, offset: 0, limit: PRINT_ROWS })
    await call('recordPrint', { list: 'members', query, rows: rows.length, columns: [...shownColumns] })
    flushSync(() => setPrintRows(rows))
    // The print dialog may lay the page out after print() returns: the table goes when printing is over.
    window.addEventListener('afterprint', () => setPrintRows(null), { once: true })
    window.print()
  }, [shownColumns])
  /** The addresses to write to about every member of the current list (a minor's guardians' too). */
  const readEmails = useCallback(() => {
    clear()
    return call('getMemberEmails', queryRef.current)
  }, [clear])
  const copied = useCallback((count: number) => tell('green', t('table.copied', { count })), [t, tell])
  const empty = total === 0
  const actions = useMemo(
    () => (
      <Group gap="xs" wrap="nowrap">
        <CopyEmails size="xs" read={readEmails} onCopied={copied} onFail={(text) => tell('red', text)} disabled={empty} testId="members-copy-emails" />
        <TableActions size="xs" label={t('nav.members')} testId="members" disabled={empty} onExport={exportAs} onPrint={() => void print()} />
      </Group>
    ),
    [t, empty, readEmails, copied, tell, exportAs, print]
  )
  // The column headers change only with the order (and the ticked count they announce).
  const header = useMemo(
    () => (
      <Box role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: layout.template, minWidth: layout.minWidth, fontWeight: 600, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <span role="columnheader">
          <VisuallyHidden>{t('members.selected', { count: ticked.size })}</VisuallyHidden>
        </span>
        {table.getHeaderGroups()[0].headers.map((header) => {
          const sorted = header.column.getIsSorted()
          return (
            <div key={header.id} role="columnheader" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
              <UnstyledButton disabled={!header.column.getCanSort()} onClick={header.column.getToggleSortingHandler()} px="xs" py={6} w="100%" data-testid={`sort-${header.id}`}>
                {String(header.column.columnDef.header)} <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}</span>
              </UnstyledButton>
            </div>
          )
        })}
      </Box>
    ),
    // `table` is one object whose state follows `sorting`, `columns` and the layout.
    [t, table, ticked.size, sorting, columns, layout]
  )

  const move = (to: number) => {
    const index = Math.max(0, Math.min(total - 1, to))
    setSelected(index)
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20 }
    if (event.key in steps) move(selected + steps[event.key])
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(total - 1)
    else if (event.key === 'Enter') {
      const row = rowAt(selected)
      if (row) setOpenId(row.id)
    } else if (event.key === ' ' && event.target === scrollRef.current) tick(selected, rowAt(selected), event.shiftKey)
    else return
    event.preventDefault()
  }

  // Stable, so the search box does not re-render with the list; it reads the current handler.
  const keyHandler = useRef(onKeyDown)
  keyHandler.current = onKeyDown
  const onNavigate = useCallback((event: React.KeyboardEvent) => {
    scrollRef.current?.focus()
    keyHandler.current(event)
  }, [])

  const closeGrant = useCallback(() => setGranting(false), [])
  const grantQueued = useCallback(
    (_item: unknown, description: string) => {
      setGranting(false)
      setTicked(new Set())
      setQueuedSummary(t('grant.queued', { summary: description }))
    },
    [t]
  )
  const closeRegister = useCallback(() => setRegistering(false), [])
  const registerQueued = useCallback(
    (queued: number, refused: number) => {
      if (refused === 0) setRegistering(false)
      if (queued > 0) setQueuedSummary(t('events.registered', { count: queued }))
    },
    [t]
  )
  const closeDetail = useCallback(() => {
    setOpenId(null)
    scrollRef.current?.focus()
  }, [])
  // The same elements while they are unchanged: React then skips them when a search answer re-renders the list.
  const dialogs = useMemo(
    () => (
      <>
        <GrantMerit grantees={grantees} editing={null} opened={granting} onClose={closeGrant} onQueued={grantQueued} />
        <RegisterToEvent members={grantees} opened={registering} onClose={closeRegister} onQueued={registerQueued} />
        <MemberDetail id={openId} onClose={closeDetail} />
      </>
    ),
    [grantees, granting, registering, openId, closeGrant, grantQueued, closeRegister, registerQueued, closeDetail]
  )

  return (
    <Stack p="md" gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Title order={1} size="h2" className="print-only-title">
        {t('nav.members')}
      </Title>
      <Group align="end" wrap="wrap">
        <SearchBox inputRef={searchRef} onSearch={onSearch} onNavigate={onNavigate} />
        <MemberFilters options={options} filters={filters} onChange={setFilters} />
      </Group>
      <Group justify="space-between" gap="sm">
        <ColumnChoice all={MEMBER_COLUMNS} value={shownColumns} onChange={setShownColumns} label={(column) => t(COLUMN_LABEL[column])} table={t('nav.members')} testId="member-columns" />
        {actions}
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="members-message" />
      {queuedSummary && (
        <Alert color="green" withCloseButton onClose={() => setQueuedSummary(null)} data-testid="grant-queued">
          {queuedSummary}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          <Text size="sm" data-testid="member-count">
            {t('members.count', { count: total })}
          </Text>
          {verdictsPending && (
            <Text size="sm" c="dimmed" data-testid="verdicts-pending">
              {t('members.verdictsPending')}
            </Text>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={total === 0 || total > MAX_TICKED}
            aria-describedby={total > MAX_TICKED ? 'tick-all-hint' : undefined}
            onClick={() => void tickRange(0, total - 1)}
            data-testid="tick-all"
          >
            {t('members.selectAll', { count: total })}
          </Button>
          {total > MAX_TICKED && (
            <Text size="xs" c="dimmed" id="tick-all-hint">
              {t('members.tooManyToSelect')}
            </Text>
          )}
          {ticked.size > 0 && (
            <>
              <Text size="sm" fw={600} data-testid="ticked-count">
                {t('members.selected', { count: ticked.size })}
              </Text>
              <Button size="compact-sm" onClick={() => setGranting(true)} data-testid="grant-open">
                {t('members.grantMerit')}
              </Button>
              <Button size="compact-sm" variant="light" onClick={() => setRegistering(true)} data-testid="register-open">
                {t('events.register')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setTicked(new Set())} data-testid="ticked-clear">
                {t('members.clearSelection')}
              </Button>
            </>
          )}
        </Group>
        {/* Below Mantine's lg breakpoint (1200 px) the rows need the line more; the list is described by it at any width. */}
        <Text id="members-keyboard-hint" size="xs" c="dimmed" className="no-print" visibleFrom="lg" data-testid="members-keyboard-hint">
          {t('members.keyboardHint')}
        </Text>
      </Group>
      {printRows && <PrintedMembers rows={printRows} total={total} columns={exportColumnsOf(shownColumns)} />}
      {/* One grid of the header row and the rows (aria-rowcount counts the header); the rows scroll and take the keys. */}
      <Box
        className="screen-only"
        role="grid"
        aria-rowcount={total + 1}
        aria-label={t('nav.members')}
        aria-describedby="members-keyboard-hint"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      >
        {/* A window narrower than the columns' least widths scrolls the rows sideways, and the header with them. */}
        <div ref={headerRef} role="rowgroup" style={{ overflow: 'hidden', flexShrink: 0 }} data-testid="member-list-header">
          {header}
        </div>
        <div
          ref={scrollRef}
          tabIndex={0}
          role="rowgroup"
          aria-label={t('nav.members')}
          onKeyDown={onKeyDown}
          onScroll={() => {
            if (headerRef.current && scrollRef.current) headerRef.current.scrollLeft = scrollRef.current.scrollLeft
          }}
          // No outline of its own: the browser's focus ring shows a keyboard user where the arrow keys and Space go.
          data-testid="member-list"
          style={{ overflow: 'auto', flex: 1 }}
        >
          {total === 0 && (
            <Text p="md" c="dimmed">
              {t('members.empty')}
            </Text>
          )}
          <div style={{ height: virtualizer.getTotalSize(), minWidth: layout.minWidth, position: 'relative' }}>
            {items.map((item) => (
              <MemberRow
                key={item.key}
                index={item.index}
                start={item.start}
                row={rowAt(item.index)}
                selected={item.index === selected}
                ticked={rowAt(item.index) !== undefined && ticked.has(rowAt(item.index)!.id)}
                onOpen={open}
                onTick={tick}
                labels={rowLabels}
                layout={layout}
                language={i18n.language}
              />
            ))}
          </div>
        </div>
      </Box>
      {dialogs}
    </Stack>
  )
}

interface SearchBoxProps {
  inputRef: React.RefObject<HTMLInputElement | null>
  /** Called with the text on every change. */
  onSearch(text: string): void
  /** ArrowDown and Enter: the list takes the focus and the key. */
  onNavigate(event: React.KeyboardEvent): void
}

/**
 * The search field, holding its own text: a keystroke re-renders only this field and sends the
 * query; the list re-renders once, when the answer comes (DESIGN §7 keystroke budget).
 */
const SearchBox = memo(function SearchBox({ inputRef, onSearch, onNavigate }: SearchBoxProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  return (
    <TextInput
      flex={1}
      miw={220}
      placeholder={t('members.search')}
      aria-label={t('members.search')}
      value={text}
      data-testid="member-search"
      ref={inputRef}
      onChange={(event) => {
        setText(event.currentTarget.value)
        onSearch(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter') onNavigate(event)
      }}
    />
  )
})

/** The members on paper: a plain table of the rows given, with the columns shown, and how many of the list's members they are. */
function PrintedMembers({ rows, total, columns }: { rows: MemberListRow[]; total: number; columns: MemberExportColumn[] }) {
  const { t, i18n } = useTranslation()
  const cell = (row: MemberListRow, column: MemberExportColumn) => {
    if (column === 'name') return row.dataDeleted ? t('members.dataDeleted') : listedName(row)
    if (column === 'licenceStatus') return row.licenceStatus && t(`status.${row.licenceStatus}`)
    if (column === 'licenceEnd') return formatDate(row.licenceEnd, i18n.language)
    if (column === 'insurance') return row.insured === undefined ? undefined : row.insured ? t('status.insured') : t('status.uninsured')
    return row[column]
  }
  return (
    <div className="print-only">
      <Text size="sm">{t('members.printed', { shown: rows.length, count: total })}</Text>
      <Table data-testid="members-printed">
        <Table.Thead>
          <Table.Tr>
            {columns.map((key) => (
              <Table.Th key={key}>{t(EXPORT_LABEL[key])}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((key) => (
                <Table.Td key={key}>{cell(row, key)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

interface MemberFiltersProps {
  options: MemberFilterOptions
  filters: Filters
  onChange: React.Dispatch<React.SetStateAction<Filters>>
}

/**
 * A filter's width: narrower below Mantine's md breakpoint (992 px), so the search and the five
 * filters take two rows at the window's least width, not three, with room for the search's
 * placeholder.
 */
const FILTER_WIDTH = { base: 176, md: 222 }
/** The licence period's: a chosen period's name ("Lisenssikausi 2026") keeps its year beside the clear button at the least window. */
const PERIOD_FILTER_WIDTH = { base: 200, md: 222 }

/**
 * The club (or area), licence, licence period, status and insurance selects. Memoised with stable option lists: a
 * federation has over a thousand clubs, and re-rendering them on every search keystroke slows typing.
 */
const MemberFilters = memo(function MemberFilters({ options, filters, onChange }: MemberFiltersProps) {
  const { t } = useTranslation()
  const licenceOptions = useMemo(
    () => options.licences.map((l) => ({ value: String(l.id), label: `${l.name} (${options.licencePeriods.find((p) => p.id === l.licencePeriodId)?.name ?? ''})` })),
    [options]
  )
  const periodOptions = useMemo(() => options.licencePeriods.map((p) => ({ value: String(p.id), label: p.name })), [options])
  const statusOptions = useMemo(() => (['all', ...LICENCE_VERDICTS] as const).map((s) => ({ value: s, label: t(`status.${s}`) })), [t])
  const insuranceOptions = useMemo(() => [{ value: 'all', label: t('members.allInsurance') }, ...INSURANCE_FILTERS.map((value) => ({ value, label: t(`status.${value}`) }))], [t])

  const select = (key: keyof Filters) => (value: string | null) => onChange((f) => ({ ...f, [key]: value === null ? undefined : Number(value) }))
  return (
    <>
      <ClubSelect
        clubs={options.clubs}
        areas={options.areas}
        value={{ clubId: filters.clubId, areaId: filters.areaId }}
        onChange={({ clubId, areaId }) => onChange((f) => ({ ...f, clubId, areaId }))}
        w={FILTER_WIDTH}
        testId="filter-club"
      />
      <Select
        w={FILTER_WIDTH}
        aria-label={t('members.licence')}
        placeholder={t('members.allLicences')}
        data={licenceOptions}
        value={filters.licenceId === undefined ? null : String(filters.licenceId)}
        onChange={select('licenceId')}
        searchable
        clearable
        comboboxProps={LONG_LIST_COMBOBOX}
        data-testid="filter-licence"
      />
      <Select
        w={PERIOD_FILTER_WIDTH}
        aria-label={t('licences.period')}
        placeholder={t('members.allPeriods')}
        data={periodOptions}
        value={filters.licencePeriodId === undefined ? null : String(filters.licencePeriodId)}
        onChange={select('licencePeriodId')}
        clearable
        data-testid="filter-period"
      />
      <Select
        w={FILTER_WIDTH}
        aria-label={t('members.status')}
        data={statusOptions}
        value={filters.status}
        onChange={(value) => onChange((f) => ({ ...f, status: (value ?? 'all') as Filters['status'] }))}
        allowDeselect={false}
        data-testid="filter-status"
      />
      <Select
        w={FILTER_WIDTH}
        aria-label={t('members.insurance')}
        data={insuranceOptions}
        value={filters.insurance ?? 'all'}
        onChange={(value) => onChange((f) => ({ ...f, insurance: value === null || value === 'all' ? undefined : (value as InsuranceFilter) }))}
        allowDeselect={false}
        data-testid="filter-insurance"
      />
    </>
  )
})

/**
 * A status pill that looks like Mantine's small light Badge, as a plain span: 60 Badges re-rendering
 * on every search answer cost more than the rest of the rows (DESIGN §7 keystroke budget).
 */
const PILLS = new Map<string, React.CSSProperties>()
function pill(color: string): React.CSSProperties {
  let style = PILLS.get(color)
  if (style === undefined) {
    style = {
      display: 'inline-block',
      padding: '0 8px',
      borderRadius: 1000,
      fontSize: 10,
      lineHeight: '18px',
      fontWeight: 700,
      textTransform: 'uppercase',
      letterSpacing: '0.25px',
      whiteSpace: 'nowrap',
      background: `var(--mantine-color-${color}-light)`,
      color: `var(--mantine-color-${color}-light-color)`
    }
    PILLS.set(color, style)
  }
  return style
}

const CELL: React.CSSProperties = { padding: '0 var(--mantine-spacing-xs)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }

interface MemberRowProps {
  index: number
  /** Offset from the list's top, px. */
  start: number
  /** The member, or undefined while its window loads. */
  row: MemberListRow | undefined
  selected: boolean
  /** Ticked for the batch grant. */
  ticked: boolean
  onOpen(index: number, row: MemberListRow | undefined): void
  /** Ticks or unticks the row; `range` (shift) ticks from the last ticked row to this one. */
  onTick(index: number, row: MemberListRow | undefined, range: boolean): void
  /** The row's texts in the list's language, passed down so rows do not each subscribe to i18n. */
  labels: RowLabels
  layout: RowLayout
  language: string
}

/** The columns shown: the grid's template, its least width (px) and which cells a row has. */
interface RowLayout {
  template: string
  minWidth: number
  shows: ReadonlySet<MemberColumn>
}

/** What a member row says, translated once per language (see `rowLabels`). */
interface RowLabels {
  status: Record<LicenceStatus, string>
  insured: string
  uninsured: string
  /** In place of the name of a person whose data the registry deleted. */
  dataDeleted: string
  /** The tick box's accessible name for a member's name. */
  tick(name: string): string
}

/**
 * One row of the member list. Memoised and built from plain elements: a keystroke re-renders the
 * list, and only rows whose member changed should pay for it.
 */
const MemberRow = memo(function MemberRow({ index, start, row, selected, ticked, onOpen, onTick, labels, layout, language }: MemberRowProps) {
  const { shows } = layout
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid={row ? 'member-row' : 'member-row-loading'}
      onClick={() => onOpen(index, row)}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: layout.template,
        alignItems: 'center',
        cursor: 'pointer',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
        borderBottom: '1px solid var(--mantine-color-default-border)'
      }}
    >
      {row && (
        <>
          <span role="gridcell" style={{ ...CELL, display: 'flex', justifyContent: 'center' }} onClick={(event) => event.stopPropagation()}>
            <input
              type="checkbox"
              checked={ticked}
              tabIndex={-1}
              aria-label={labels.tick(row.dataDeleted ? String(row.sportId) : listedName(row))}
              onChange={(event) => onTick(index, row, (event.nativeEvent as MouseEvent).shiftKey)}
              data-testid="member-tick"
            />
          </span>
          {shows.has('name') && (
            <span role="gridcell" style={CELL}>
              {row.dataDeleted ? (
                <Text span c="dimmed" fs="italic" data-testid="member-data-deleted">
                  {labels.dataDeleted}
                </Text>
              ) : (
                listedName(row)
              )}
            </span>
          )}
          {shows.has('sportId') && (
            <span role="gridcell" style={{ ...CELL, fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' }}>
              {row.sportId}
            </span>
          )}
          {shows.has('birthYear') && (
            <span role="gridcell" style={CELL}>
              {row.birthYear}
            </span>
          )}
          {shows.has('club') && (
            <span role="gridcell" style={CELL}>
              {row.club}
            </span>
          )}
          {shows.has('licence') && (
            <span role="gridcell" style={{ ...CELL, display: 'flex', gap: 4, alignItems: 'center' }} data-testid="member-licence-cell">
              {row.licenceStatus && <span style={pill(VERDICT_COLOR[row.licenceStatus])}>{labels.status[row.licenceStatus]}</span>}
              {row.licenceEnd && <span style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>{formatDate(row.licenceEnd, language)}</span>}
            </span>
          )}
          {shows.has('insurance') && (
            <span role="gridcell" style={CELL} data-testid="member-insurance-cell">
              {row.insured !== undefined && <span style={pill(row.insured ? 'green' : 'gray')}>{row.insured ? labels.insured : labels.uninsured}</span>}
            </span>
          )}
        </>
      )}
      {!row && <span role="gridcell" aria-busy="true" />}
    </div>
  )
})
