import { StringDecoder } from 'node:string_decoder'
import { readStandardInput } from './standardInput'

/**
 * Reads the client secret for `kanslia connect`: from piped standard input (first line), or on a
 * terminal from a prompt that does not echo. Never from a flag, so it stays out of shell history
 * and process lists.
 */
export async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) return (await readStandardInput()).split(/\r?\n/)[0].trim()
  process.stderr.write(prompt)
  input.setRawMode(true)
  try {
    return await new Promise<string>((resolve) => {
      let text = ''
      // A pasted secret may arrive with a character split across two reads.
      const decoder = new StringDecoder('utf8')
      input.on('data', function onData(data: Buffer) {
        for (const ch of decoder.write(data)) {
          if (ch === '\r' || ch === '\n' || ch === '\u0004') {
            input.off('data', onData)
            resolve(text.trim())
            return
          }
          if (ch === '\u0003') process.exit(130)
          text = ch === '\u007f' ? text.slice(0, -1) : text + ch
        }
      })
    })
  } finally {
    input.setRawMode(false)
    input.pause()
    process.stderr.write('\n')
  }
}
