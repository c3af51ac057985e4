/**
 * BENCH_CPU_PROF=1 (bench:api, bench:results): the server child records a V8 CPU profile of each
 * measured call alone (not the seeding), through the inspector, and writes it as
 * `bench-profiles/<label>-<call>.cpuprofile` (BENCH_CPU_PROF_DIR to change; open in Chrome
 * DevTools or speedscope). The profiler slows the server: read figures only from runs without it.
 */
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export const cpuProfiling = Boolean(process.env.BENCH_CPU_PROF);
export const cpuProfileDir = path.resolve(process.env.BENCH_CPU_PROF_DIR ?? 'bench-profiles');

/** A file name for one call's profile. */
export const profileName = (label: string, call: string) =>
  `${label}-${call.replace(/[^A-Za-z0-9-]+/g, '_').replace(/_+$/, '')}.cpuprofile`;

/** The server side: answers `prof-start` and `prof-stop` (with `file`) messages from the client. */
export function serveCpuProfiles(send: (m: unknown) => void) {
  let session: Session | null = null;
  return async (m: { type: string; file?: string }): Promise<boolean> => {
    if (m.type === 'prof-start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      send({ type: 'prof-started' });
      return true;
    }
    if (m.type === 'prof-stop' && session) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = null;
      await fs.mkdir(path.dirname(m.file!), { recursive: true });
      await fs.writeFile(m.file!, JSON.stringify(profile));
      send({ type: 'prof-stopped' });
      return true;
    }
    return false;
  };
}

/** The reference server's pool names itself so that its backends count apart from the app's. */
export const referenceApplicationName = 'ondoku-bench-reference';

/**
 * CPU time spent so far by this process (ms) and, per backend pid, by the PostgreSQL backends
 * serving it (ticks from /proc for the pids pg_stat_activity lists for its database and
 * application name; Linux only, else none). `cpuPerRequest` turns two samples into the CPU each
 * request cost: a figure that, unlike latency, hardly moves with how busy the shared machine is.
 */
export async function cpuSpent(
  query: (sql: string, params: unknown[]) => Promise<{ rows: { pid: number }[] }>,
  reference: boolean,
) {
  const { user, system } = process.cpuUsage();
  const pg: Record<number, number> = {};
  const { rows } = await query(
    `select pid from pg_stat_activity where datname = current_database()
      and (application_name = $1) = $2`,
    [referenceApplicationName, reference],
  );
  for (const { pid } of rows) {
    try {
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      pg[pid] = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // not on Linux, or the backend ended
    }
  }
  return { nodeMs: (user + system) / 1000, pg };
}

/** ms per request between two samples; a backend that appeared in between counts whole, one that ended not at all. */
export function cpuPerRequest(
  a: { nodeMs: number; pg: Record<number, number> },
  b: { nodeMs: number; pg: Record<number, number> },
  requests: number,
) {
  let ticks = 0;
  for (const [pid, t] of Object.entries(b.pg)) ticks += t - (a.pg[Number(pid)] ?? 0);
  const n = Math.max(1, requests);
  return { nodeMs: (b.nodeMs - a.nodeMs) / n, pgMs: (ticks * 10) / n }; // 100 ticks a second
}
