/**
 * Modes of the folders and files Kanslia creates on POSIX systems (its data folder, databases,
 * connection profile): only their owner may open them, as Chromium does with a profile. The
 * databases are encrypted; another account on the computer still learns nothing from them, not
 * even how they grow. Folders and files that already exist keep their modes.
 */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
