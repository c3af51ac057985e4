import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs a bench on the embedded PostgreSQL, then (unless `external` is 'none') on a fresh database
 * of the external one, dropped afterwards; an unreachable external server is reported and skipped.
 * Shared by bench:api and bench:results, which print their figures side by side.
 */
export async function onEachDatabase<T>(
  external: string,
  bench: (label: 'embedded' | 'external', url?: string) => Promise<T>,
): Promise<T[]> {
  const figures = [await bench('embedded')];
  if (external === 'none') return figures;
  const admin = new pg.Client({ connectionString: external });
  try {
    await admin.connect();
  } catch (e) {
    process.stderr.write(`external PostgreSQL not reachable (${(e as Error).message}); skipped\n`);
    return figures;
  }
  const name = `ondoku_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(external);
    u.pathname = `/${name}`;
    figures.push(await bench('external', u.toString()));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}
