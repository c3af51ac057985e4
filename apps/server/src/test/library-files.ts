import path from 'node:path';

/**
 * The synthesis cache of the API tests: kept between runs (node_modules/.cache), so the test
 * library is synthesised once per checkout, not once per run (docs/library.md).
 */
export const testSynthesisCacheDir = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/ondoku-tts');
