import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { material } from './material/index.js';
import type { Material } from './material/types.js';

/** What the installer installs: the material and the folders its pictures are looked up in, in order. */
export interface LibrarySource {
  material: Material;
  picturesDirs: string[];
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The headquarters library of this build. From source, pictures are read from material/pictures
 * (and the test fixture's folder, for the fixture's pictures); the server bundle carries a copy
 * of both in dist/library-pictures (scripts/build.mjs).
 */
export function headquartersSource(): LibrarySource {
  const bundled = here('./library-pictures/');
  const picturesDirs = existsSync(bundled)
    ? [bundled]
    : [here('./material/pictures/'), here('./test-fixtures/pictures/')].filter((d) => existsSync(d));
  return { material, picturesDirs };
}
