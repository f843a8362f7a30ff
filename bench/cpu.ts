/**
 * Where the CPU of a load run goes: the server process, the database server's processes (a
 * PostgreSQL server's backends; the embedded database runs inside the server process) and this
 * process, which generates the load. Read from /proc, so on Linux only; elsewhere nothing is
 * reported. On a machine whose cores all three share, their sum per answer is what bounds the
 * throughput, whatever the code's latency.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The processes whose CPU a load run is charged with, besides this one. */
export type CpuSources = {
  serverPid: number;
  /** The database server's processes serving the server, read before and after each run. */
  databasePids?: () => Promise<number[]>;
};

/** CPU milliseconds spent by each side during a run (database: undefined when not apart). */
export type CpuSpent = { server: number; database: number | undefined; loadGenerator: number };

type Snapshot = { server: number; database: Map<number, number> | undefined; self: number };

const TICKS_PER_SECOND = readTicksPerSecond();

function readTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * User plus system CPU of a process so far, in ms; undefined when it has gone (or there is no
 * /proc). The fields after the command name, which may hold spaces, are counted from its ')'.
 */
function readProcessCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // utime and stime are the 14th and 15th fields; the 3rd is the first after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Whether CPU can be read here at all (a Linux /proc). */
export function canReadCpu(): boolean {
  return readProcessCpuMs(process.pid) !== undefined;
}

async function snapshot(sources: CpuSources): Promise<Snapshot> {
  const database = sources.databasePids
    ? new Map((await sources.databasePids()).map((pid) => [pid, readProcessCpuMs(pid) ?? 0]))
    : undefined;
  const self = process.cpuUsage();
  return {
    server: readProcessCpuMs(sources.serverPid) ?? 0,
    database,
    self: (self.user + self.system) / 1000,
  };
}

/**
 * Runs `work` and answers the CPU each side spent meanwhile. A database process that starts
 * during the run counts from zero; one that ends during it is lost (the pool keeps its
 * connections while it is busy, so that is rare and undercounts).
 */
export async function measureCpu<T>(
  sources: CpuSources,
  work: () => Promise<T>,
): Promise<{ result: T; spent: CpuSpent }> {
  const before = await snapshot(sources);
  const result = await work();
  const after = await snapshot(sources);
  let database: number | undefined;
  if (after.database) {
    database = 0;
    for (const [pid, ms] of after.database) database += ms - (before.database?.get(pid) ?? 0);
  }
  return {
    result,
    spent: {
      server: after.server - before.server,
      database,
      loadGenerator: after.self - before.self,
    },
  };
}

/** The cores the three sides share here. */
export const CORES = os.availableParallelism();
