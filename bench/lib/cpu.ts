import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time, which a busy shared machine disturbs far less than wall time: it tells what one
 * position costs each process even when other work takes turns on the cores.
 */

/** This process's CPU time (user + system), in ms. */
export function cpuProprioMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** The part of it spent in the kernel (system calls: the sockets' reads and writes), in ms. */
export function cpuSistemaMs(): number {
  return process.cpuUsage().system / 1000;
}

/** Linux reports /proc stat times in clock ticks; USER_HZ is 100 on every usual build. */
const TICK_MS = 10;

/**
 * A process's own CPU time and that of its children already gone (utime + stime, cutime +
 * cstime), in ms, from /proc; zero when it is gone or there is no /proc.
 */
function cpuDoPid(pid: number): { proprio: number; filhosMortos: number; ppid: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const c = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const n = (i: number) => c[i] ?? 0;
    return { proprio: (n(11) + n(12)) * TICK_MS, filhosMortos: (n(13) + n(14)) * TICK_MS, ppid: n(1) };
  } catch {
    return { proprio: 0, filhosMortos: 0, ppid: -1 };
  }
}

/**
 * CPU time of a process and all its direct children, living or finished (a PostgreSQL
 * postmaster and its backends, which come and go with the client's pool), in ms.
 */
export function cpuArvoreMs(pid: number): number {
  const raiz = cpuDoPid(pid);
  let total = raiz.proprio + raiz.filhosMortos;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return total;
  }
  for (const p of pids) {
    const r = cpuDoPid(Number(p));
    if (r.ppid === pid) total += r.proprio;
  }
  return total;
}

/**
 * Each living process's own CPU time, in ms, by pid (PostgreSQL backends of one database, when
 * two databases share a postmaster); a pid that is gone reads zero.
 */
export function cpuDosPidsMs(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((p) => [p, cpuDoPid(p).proprio]));
}
