import { UserFacingError } from './errors'

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

/**
 * `safeExternalUrl` of an address the registry gave (a payment page's, the terms'), for opening.
 * @throws UserFacingError `unsafe-address` naming `what` when it is refused: the person is told
 *   nothing opened, rather than a button that does nothing.
 */
export function registryAddress(text: string, what: string): string {
  const url = safeExternalUrl(text)
  if (url === null) throw new UserFacingError('unsafe-address', `the registry's ${what} address ${JSON.stringify(text.slice(0, 200))} is not a web address Kanslia opens (http or https, without a user name); nothing was opened`)
  return url
}
