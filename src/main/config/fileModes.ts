import { chmodSync, closeSync, openSync } from 'node:fs'
import { refuseDatabaseAsTarget } from '../db/openedFiles'

/**
 * Modes of the folders and files Kanslia creates on POSIX systems (its data folder, databases,
 * connection profile): only their owner may open them, as Chromium does with a profile. The
 * databases are encrypted; another account on the computer still learns nothing from them, not
 * even how they grow. Folders and files that already exist keep their modes.
 */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Creates `file` empty and for its owner only (PRIVATE_FILE_MODE), or, when it exists, empties it
 * and makes it so: every export of personal data (a list, a member's record, a log) opens its file
 * with this before writing, because the folder a person saves it to may be one others can read.
 * @throws UserFacingError `export-over-database` when `file` is a database this process opened
 *   (nothing is written); Error from the file system (e.g. a folder that cannot be written).
 */
export function createPrivateFile(file: string): void {
  refuseDatabaseAsTarget(file)
  closeSync(openSync(file, 'w', PRIVATE_FILE_MODE))
  // An existing file kept its mode through the open.
  chmodSync(file, PRIVATE_FILE_MODE)
}
