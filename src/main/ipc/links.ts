/**
 * Checks a link the renderer wants opened in the system browser: only absolute http(s) URLs with
 * a host and without embedded credentials pass. @returns the normalised URL, or null when refused.
 */
export function safeExternalUrl(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null
  return url.href
}
