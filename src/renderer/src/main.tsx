import '@mantine/core/styles.css'
import '@mantine/charts/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import './fields.css'
import './print.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { StrictMode, useMemo } from 'react'
import { createRoot } from 'react-dom/client'
import { useTranslation } from 'react-i18next'
import { App } from './App'
import { reportUnhandledRejections } from './unexpectedErrors'
import { chosenLanguage, detectLanguage, initI18n } from './i18n'
import { cssVariablesResolver, kansliaTheme } from './theme'

initI18n(chosenLanguage() ?? detectLanguage())
reportUnhandledRejections(window)

/** The app in Mantine's theme, which names close and clear buttons in the app's language. */
function Root() {
  const { t } = useTranslation()
  const theme = useMemo(() => kansliaTheme({ close: t('app.close'), clear: t('app.clear') }), [t])
  return (
    <MantineProvider defaultColorScheme="light" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="bottom-right" />
      <App />
    </MantineProvider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>
)
