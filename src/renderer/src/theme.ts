import { Alert, createTheme, DEFAULT_THEME, Drawer, Modal, Notification, Select, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core'
import { DateInput } from '@mantine/dates'

/**
 * Mantine's theme for Kanslia, readable by WCAG 2.1 AA (4.5:1 for text; the end-to-end
 * accessibility test checks every page with axe-core): colours at their darkest shade (Mantine's
 * default 6, e.g. blue #228be6, gives white on blue and blue on light blue about 3.2:1), the icon
 * buttons that close dialogs, alerts and notifications or clear a field named with `labels` (the
 * app's language: a screen reader said only "button"), and motion only when the system allows it.
 */
export function kansliaTheme(labels: { close: string; clear: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close }
  const clearButtonProps = { 'aria-label': labels.clear }
  return createTheme({
    respectReducedMotion: true,
    primaryShade: 9,
    // The darkest green, orange and red are still 4.4:1, 4.3:1 and 5.5:1 on white, and under 4.5:1
    // on their light buttons and badges in a striped or selected row; these are 6.6:1, 5.9:1 and
    // 6.7:1 on white, 5:1 or more there. Yellow (`expiring`, every licence in December) was 3:1
    // on white, 2.4:1 in a selected row; this one is 6.3:1 and 4.7:1.
    colors: {
      green: darkest(DEFAULT_THEME.colors.green, '#1b6b2f'),
      yellow: darkest(DEFAULT_THEME.colors.yellow, '#8f5000'),
      orange: darkest(DEFAULT_THEME.colors.orange, '#b33d0c'),
      red: darkest(DEFAULT_THEME.colors.red, '#b02525')
    },
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
      Alert: Alert.extend({ defaultProps: { closeButtonLabel: labels.close } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
      // A chosen value wider than its field (a licence period's name in a filter at the least window) ends in "…" (fields.css gives it the room).
      Select: Select.extend({ defaultProps: { clearButtonProps }, styles: { input: { textOverflow: 'ellipsis' } } }),
      DateInput: DateInput.extend({ defaultProps: { clearButtonProps } })
    }
  })
}

function darkest(shades: MantineColorsTuple, shade9: string): MantineColorsTuple {
  return [...shades.slice(0, 9), shade9] as unknown as MantineColorsTuple
}

/** Dimmed text (`c="dimmed"`): Mantine's greys are 3.3:1 on white and 4:1 on dark; these are 6:1 and 5.8:1 (4.8:1 on a selected row). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': '#9e9e9e' }
})
