import { CommanderError } from 'commander'
import { buildProgram } from './program'

/**
 * Entry of `kanslia`: runs the program and maps failures to exit codes: 0 success, 1 a failure
 * (one line `kanslia: <reason>` on stderr), 2 a usage error (commander has already explained it).
 */
async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv)
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`kanslia: ${message.split('\n')[0]}\n`)
    process.exitCode = 1
  }
}

await main()
