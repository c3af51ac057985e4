import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { openPostgres } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLocalStorage } from '../lib/storage.js';
import { directSynthesizer, installLibrary } from '../modules/library/index.js';
import { fixtureMaterial, fixturePicturesDir } from '../modules/library/test-fixtures/material.js';
import { testSynthesisCacheDir } from './library-files.js';

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
    /** The storage folder of the library installed in the template (shared, read by every file). */
    testFilesDir: string;
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
  const filesRoot = tmp ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-test-files-')));
  const filesDir = path.join(filesRoot, 'files');
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
    // The test library (modules/library/test-fixtures) with its model audio: every test file's
    // database is a copy of this one, so none synthesises again (the synthesis cache outlives runs).
    await installLibrary(
      database.db,
      { storage: createLocalStorage(filesDir), synth: directSynthesizer, cacheDir: testSynthesisCacheDir },
      { material: fixtureMaterial, picturesDirs: [fixturePicturesDir] },
    );
  } finally {
    await database.close();
  }
  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplate', template);
  project.provide('testFilesDir', filesDir);

  return async () => {
    await admin(`drop database if exists ${template} with (force)`).catch(() => {});
    await embedded?.stop();
    await fs.rm(filesRoot, { recursive: true, force: true });
  };
}
