import { Alert, Button, Card, Center, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isHttpUrl } from '../../../shared/httpUrl'
import { errorText } from '../api'
import { useAppStore } from '../stores/app'
import { LanguagePicker } from './Settings'
import { SyncProgress } from './SyncProgress'

/** First run (issue 3): connect with API credentials (secret to the keychain), or explore the demo federation. */
export function FirstRun() {
  const { t } = useTranslation()
  const { connect, startDemo, syncing } = useAppStore()
  const [form, setForm] = useState({ baseUrl: '', authUrl: '', clientId: '', clientSecret: '' })
  const [error, setError] = useState<string | null>(null)
  // The address fields that are no http(s) URL, said at the field before anything is sent.
  const [badUrls, setBadUrls] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<void>) => {
    setError(null)
    setBusy(true)
    try {
      await action()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.currentTarget.value }),
    disabled: busy
  })
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack maw={900} w="100%">
        <Group justify="space-between">
          <Title order={1}>{t('firstRun.heading')}</Title>
          <LanguagePicker />
        </Group>
        <Text>{t('firstRun.intro')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {(busy || syncing) && <SyncProgress />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder>
            <form
              onSubmit={(event) => {
                event.preventDefault()
                const bad = new Set((['baseUrl', 'authUrl'] as const).filter((key) => !isHttpUrl(form[key])))
                setBadUrls(bad)
                if (bad.size === 0) void run(() => connect(form))
              }}
            >
              <Stack>
                <Title order={2} size="h3">{t('firstRun.connectHeading')}</Title>
                <TextInput label={t('firstRun.baseUrl')} placeholder="https://…" required error={badUrls.has('baseUrl') && t('firstRun.urlInvalid')} {...field('baseUrl')} />
                <TextInput label={t('firstRun.authUrl')} placeholder="https://…" required error={badUrls.has('authUrl') && t('firstRun.urlInvalid')} {...field('authUrl')} />
                <TextInput label={t('firstRun.clientId')} required {...field('clientId')} />
                <PasswordInput label={t('firstRun.clientSecret')} description={t('firstRun.secretHint')} required {...field('clientSecret')} />
                <Button type="submit" loading={busy}>
                  {t('firstRun.connect')}
                </Button>
              </Stack>
            </form>
          </Card>
          <Card withBorder>
            <Stack justify="space-between" h="100%">
              <Stack>
                <Title order={2} size="h3">{t('firstRun.demoHeading')}</Title>
                <Text>{t('firstRun.demoIntro')}</Text>
              </Stack>
              <Button variant="light" onClick={() => void run(startDemo)} loading={busy}>
                {t('firstRun.demo')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
    </Center>
  )
}
