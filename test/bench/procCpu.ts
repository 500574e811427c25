import { readFileSync } from 'node:fs'

/**
 * User + system CPU time (ms) so far of the process or thread whose Linux `stat` file is `path`
 * (`/proc/<pid>/stat`, `/proc/self/task/<tid>/stat`), in clock ticks of 10 ms (USER_HZ); undefined
 * where there is no such file (not Linux, or the process is gone).
 */
export function procCpuMs(path: string): number | undefined {
  try {
    // Fields after the command name, which may hold spaces and ends with ') '; utime and stime are 14 and 15.
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}
