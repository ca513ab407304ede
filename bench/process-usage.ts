import { readFile } from 'node:fs/promises';

// Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ) in /proc/<pid>/stat.
const TICKS_PER_SECOND = 100;

export interface ProcessUsage {
  /** CPU seconds (user + system) spent since the process started. */
  cpuSeconds: number;
  /** Of which its main thread's, the event loop's (worker threads and libuv's pool excluded). */
  mainThreadCpuSeconds: number;
  rssBytes: number;
  at: number;
}

/** A process's CPU time so far and its resident memory now, from /proc. */
export async function processUsage(pid: number): Promise<ProcessUsage> {
  const [stat, mainThreadStat, status] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8'),
    readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8'),
    readFile(`/proc/${pid}/status`, 'utf8'),
  ]);
  return {
    cpuSeconds: cpuTicks(stat) / TICKS_PER_SECOND,
    mainThreadCpuSeconds: cpuTicks(mainThreadStat) / TICKS_PER_SECOND,
    rssBytes: Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024,
    at: performance.now(),
  };
}

// The command name (field 2) may hold spaces: the fields counted from after its closing parenthesis.
function cpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Share of one core the process used between two readings, in percent. */
export function cpuPercent(before: ProcessUsage, after: ProcessUsage): number {
  return ((after.cpuSeconds - before.cpuSeconds) / ((after.at - before.at) / 1000)) * 100;
}
