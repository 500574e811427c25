/**
 * Copies a string into one flat sequential string. Strings built by concatenation or slicing are
 * trees or views in V8 (about 250 bytes each for a 32-character timestamp instead of 56); the
 * sandbox keeps millions of them at 150,000 athletes, so stored strings are flattened once.
 */
export function flatString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8')
}
