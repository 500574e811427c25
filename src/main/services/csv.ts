/**
 * The csv-stringify options of every CSV file Kanslia writes (exports, tables, logs), besides each
 * one's header: a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading
 * `'`, so a spreadsheet opening the file shows a name or an address from the API as text instead
 * of running it as a formula (OWASP "CSV injection"; a phone number `+358…` so reads `'+358…`);
 * `true` and `false` are written as such (by default `false` became an empty cell, as a missing
 * field does, and `true` "1").
 */
const CSV_OPTIONS = {
  escape_formulas: true,
  cast: { boolean: (value: boolean) => String(value) }
}

/**
 * CSV_OPTIONS for where the CSV goes: a file starts with a byte order mark, so that Excel reads its
 * UTF-8 (ä, ö, å) as such and not as the Windows code page; standard output gets none, since a
 * script or a pipe reads it.
 */
export function csvOptionsFor(target: 'file' | 'stdout') {
  return { ...CSV_OPTIONS, bom: target === 'file' }
}
