import { CommanderError } from 'commander'
import { storageFailure } from '../db/storageFailure'
import { buildProgram } from './program'

/**
 * Entry of `kanslia`: runs the program and maps failures to exit codes: 0 success, 1 a failure
 * (one line `kanslia: <reason>` on stderr; a disk failing the database's writes in `storageFailure`'s
 * words), 2 a usage error (commander has already explained it).
 */
async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv)
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2
      return
    }
    // Writing to a reader that stopped early is no failure of the command (see below).
    if ((error as NodeJS.ErrnoException | null)?.code === 'EPIPE') return
    const message = storageFailure(error)?.message ?? (error instanceof Error ? error.message : String(error))
    process.stderr.write(`kanslia: ${message.split('\n')[0]}\n`)
    process.exitCode = 1
  }
}

// A reader that stops early (`kanslia members | head`) closes the pipe: stop quietly, as Unix
// tools do, with the exit code the command has set (`check … | true` still says 3). Any other
// failure to write the output (a full disk under `> backup.json`) is a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit()
  process.stderr.write(`kanslia: cannot write the output: ${error.message.split('\n')[0]}\n`)
  process.exit(1)
})

await main()
