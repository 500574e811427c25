import { AppShell, Badge, Group, NavLink, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue, useHotkeys } from '@mantine/hooks'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Licences } from './pages/Licences'
import { Members } from './pages/Members'
import { Organizations } from './pages/Organizations'
import { Outbox } from './pages/Outbox'
import { FirstRun } from './pages/FirstRun'
import { Start } from './pages/Start'
import { Settings } from './pages/Settings'
import { SyncPanel } from './pages/SyncPanel'
import { SyncProgress } from './pages/SyncProgress'
import { Events } from './pages/Events'
import { Reports } from './pages/Reports'
import { MeritCandidates } from './pages/MeritCandidates'
import { Renewals } from './pages/Renewals'
import { VenueCheck } from './pages/VenueCheck'
import { StaleBanner } from './components/StaleBanner'
import { subscribeToEvents, useAppStore, type Page } from './stores/app'

const PAGES: Page[] = ['members', 'licences', 'organizations', 'outbox', 'venue', 'renewals', 'candidates', 'events', 'reports', 'sync', 'settings']

/** How long a sync runs before the sidebar shows its progress, ms. */
const SIDEBAR_PROGRESS_DELAY_MS = 700

/** The desktop app: the start screen until its state is read, first run until a database exists, then the navigation and the pages. */
export function App() {
  const { t } = useTranslation()
  const { app, page, setPage, start, syncing } = useAppStore()
  // Ctrl+1…9 and 0 (⌘ on macOS) open the first ten pages in navigation order, Ctrl+, the settings, also from inside text fields.
  useHotkeys(
    [
      ...PAGES.slice(0, 10).map((p, i) => [`mod+${(i + 1) % 10}`, () => setPage(p)] as [string, () => void]),
      ['mod+,', () => setPage('settings')] as [string, () => void]
    ],
    []
  )
  // The sidebar shows a sync's progress once it has run for a while: the quiet background sync
  // every quarter hour (well under a second) would otherwise flash it.
  const [syncingAWhile] = useDebouncedValue(syncing, SIDEBAR_PROGRESS_DELAY_MS)
  useEffect(() => {
    const unsubscribe = subscribeToEvents()
    void start()
    return unsubscribe
  }, [start])
  if (app === null) return <Start />
  if (app.mode === 'first-run') return <FirstRun />
  const content = { members: <Members />, licences: <Licences />, organizations: <Organizations />, outbox: <Outbox />, venue: <VenueCheck />, renewals: <Renewals />, candidates: <MeritCandidates />, events: <Events />, reports: <Reports />, sync: <SyncPanel />, settings: <Settings /> }[page]
  return (
    <AppShell navbar={{ width: 220, breakpoint: 0 }} padding={0}>
      <AppShell.Navbar p="sm">
        <Stack gap={2}>
          <Group px="sm" pb="sm">
            <Title order={3}>{t('app.title')}</Title>
          </Group>
          {PAGES.map((p) => (
            // Buttons, not anchors without an address, so Tab reaches them.
            <NavLink
              key={p}
              component="button"
              label={t(`nav.${p}`)}
              active={page === p}
              aria-current={page === p ? 'page' : undefined}
              onClick={() => setPage(p)}
              data-testid={`nav-${p}`}
              rightSection={
                p === 'outbox' && app.outboxWaiting > 0 ? (
                  <Badge color="orange" size="sm" circle={app.outboxWaiting < 10} aria-label={t('outbox.waiting', { count: app.outboxWaiting })} data-testid="outbox-badge">
                    {app.outboxWaiting}
                  </Badge>
                ) : undefined
              }
            />
          ))}
          {app.mode === 'demo' && (
            <Text size="xs" c="dimmed" px="sm" pt="md">
              {t('settings.demoMode')}
            </Text>
          )}
          {syncing && syncingAWhile && page !== 'sync' && (
            <Stack px="sm" pt="md">
              <SyncProgress />
            </Stack>
          )}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
        <StaleBanner />
        {content}
      </AppShell.Main>
    </AppShell>
  )
}
