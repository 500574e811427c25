import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Switch, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call, errorText } from '../api'
import { chooseLanguage, LANGUAGES, type Language } from '../i18n'
import { useAppStore } from '../stores/app'
import { RemoveConnection } from '../components/RemoveConnection'
import { useLoad } from '../components/useLoad'

const NAMES: Record<(typeof LANGUAGES)[number], string> = { fi: 'Suomi', sv: 'Svenska', en: 'English' }

/** Switches the UI language (fi, sv, en); the choice is kept for the next starts, the OS language is the default. */
export function LanguagePicker() {
  const { i18n, t } = useTranslation()
  return (
    <SegmentedControl
      aria-label={t('settings.language')}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(lng) => chooseLanguage(lng as Language)}
      data={LANGUAGES.map((value) => ({ value, label: NAMES[value] }))}
    />
  )
}

/** Light, dark or the OS's colour scheme; Mantine keeps the choice across restarts. */
export function ThemePicker() {
  const { t } = useTranslation()
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  return (
    <SegmentedControl
      aria-label={t('settings.theme')}
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={(['light', 'dark', 'auto'] as const).map((value) => ({ value, label: t(`settings.${value}`) }))}
      data-testid="theme-picker"
    />
  )
}

/** Settings: language, theme, which connection the app uses, whether it syncs by itself and how long it keeps inactive people, and the versions of Kanslia and of the API it last read. */
export function Settings() {
  const { t } = useTranslation()
  const app = useAppStore((s) => s.app)
  const [apiVersion, setApiVersion] = useState<string | null>(null)
  const [retention, setRetention] = useState<number | null>(null)
  const [autoSync, setAutoSync] = useState<boolean | null>(null)
  // Without it the settings stored in the database would only be missing from the page, unexplained.
  const [statusError, setStatusError] = useState<string | null>(null)
  useLoad(
    () => call('getSyncStatus'),
    [],
    (status) => {
      setApiVersion(status.apiVersion)
      setRetention(status.retentionMonths)
      setAutoSync(status.autoSync)
    },
    (failure) => setStatusError(errorText(failure))
  )
  return (
    <Stack p="md" maw={600}>
      <Title order={1} size="h2">{t('settings.heading')}</Title>
      <Text fw={600}>{t('settings.language')}</Text>
      <LanguagePicker />
      <Text fw={600}>{t('settings.theme')}</Text>
      <ThemePicker />
      <Text fw={600}>{t('settings.connection')}</Text>
      {app?.mode === 'demo' ? (
        <Text>{t('settings.demoMode')}</Text>
      ) : (
        <Text>
          {app?.profile?.baseUrl} · {app?.profile?.clientId}
        </Text>
      )}
      {statusError && (
        <Alert color="red" data-testid="settings-error">
          {statusError}
        </Alert>
      )}
      {autoSync !== null && <AutoSyncSetting enabled={autoSync} />}
      {retention !== null && <RetentionSetting months={retention} />}
      <RemoveConnection />
      <Text fw={600}>{t('settings.about')}</Text>
      <Stack gap={0} data-testid="about">
        <Text>{t('settings.appVersion', { version: __KANSLIA_VERSION__ })}</Text>
        <Text>{apiVersion === null ? t('settings.apiVersionUnknown') : t('settings.apiVersion', { version: apiVersion })}</Text>
      </Stack>
    </Stack>
  )
}

/** Whether the app syncs the shown database by itself every quarter hour while open; saved as it is switched. */
function AutoSyncSetting({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const [checked, setChecked] = useState(enabled)
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null)
  const change = async (next: boolean) => {
    setChecked(next)
    setMessage(null)
    try {
      const saved = await call('setAutoSync', { enabled: next })
      setMessage({ color: 'green', text: t(saved.enabled ? 'settings.autoSyncOn' : 'settings.autoSyncOff') })
    } catch (failure) {
      setChecked(!next)
      setMessage({ color: 'red', text: errorText(failure) })
    }
  }
  return (
    <Stack gap="xs">
      <Switch
        label={t('settings.autoSync')}
        description={t('settings.autoSyncHelp')}
        checked={checked}
        onChange={(event) => void change(event.currentTarget.checked)}
        data-testid="auto-sync"
      />
      {message && (
        <Alert color={message.color} data-testid="auto-sync-message">
          {message.text}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * How many months a person without a current licence, insurance, registration or merit stays in
 * the local database (issue 6 "Retention"); the next sync removes those past it.
 */
function RetentionSetting({ months }: { months: number }) {
  const { t } = useTranslation()
  const [value, setValue] = useState<number | string>(months)
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null)
  // An emptied field is no number of months: nothing to save.
  const validMonths = value !== '' && Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 120
  const save = async () => {
    setMessage(null)
    try {
      const saved = await call('setRetention', { months: Number(value) })
      setMessage({ color: 'green', text: t('settings.retentionSaved', { count: saved.months }) })
    } catch (failure) {
      setMessage({ color: 'red', text: errorText(failure) })
    }
  }
  return (
    <Stack gap="xs">
      <Group align="end">
        <NumberInput
          label={t('settings.retention')}
          description={t('settings.retentionHelp')}
          value={value}
          onChange={setValue}
          min={1}
          max={120}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          w={420}
          data-testid="retention-months"
        />
        <Button variant="light" onClick={() => void save()} disabled={!validMonths || (Number(value) === months && message === null)} data-testid="retention-save">
          {t('settings.retentionSave')}
        </Button>
      </Group>
      {message && (
        <Alert color={message.color} data-testid="retention-message">
          {message.text}
        </Alert>
      )}
    </Stack>
  )
}

