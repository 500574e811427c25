/**
 * `comboboxProps` of a Select with a long option list (a federation's 1,500 clubs, its 2,000
 * merits, its events): the options are mounted only while the dropdown is open. Mantine keeps a
 * closed dropdown's options in the page, and long lists then cost a page or dialog a good part of
 * its time to first rows (DESIGN §7 < 300 ms).
 */
export const LONG_LIST_COMBOBOX = { keepMounted: false } as const
