import '@mantine/core/styles.css'
import '@mantine/charts/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import './print.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { reportUnhandledRejections } from './components/unexpectedErrors'
import { detectLanguage, initI18n } from './i18n'

initI18n(detectLanguage())
reportUnhandledRejections(window)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="light" theme={{ respectReducedMotion: true }}>
      <Notifications position="bottom-right" />
      <App />
    </MantineProvider>
  </StrictMode>
)
