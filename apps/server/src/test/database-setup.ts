import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { openPostgres } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/**
 * vitest globalSetup of the API test projects: once per `vitest run`, a PostgreSQL server (the
 * embedded one in a temporary folder, or TEST_DATABASE_URL's when TEST_DB=postgres) and on it a
 * migrated template database. Each test file then creates its own database from the template
 * (test/test-app.ts), which takes milliseconds instead of running the migrations again.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server (CREATE/DROP DATABASE go through it). */
    testAdminUrl: string;
    /** Name of the migrated template database. */
    testTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl: string;
  // The project's `env` reaches its workers, not this (main) process: read it from the project.
  const kind = project.config.env?.TEST_DB ?? process.env.TEST_DB;
  if (kind === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-test-pg-'));
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'postgres'), ephemeral: true });
    adminUrl = embedded.url;
  }
  const template = `ondoku_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openPostgres(url.toString());
  try {
    await runMigrations(database.pool);
  } finally {
    await database.close();
  }
  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplate', template);

  return async () => {
    await admin(`drop database if exists ${template} with (force)`).catch(() => {});
    await embedded?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  };
}
