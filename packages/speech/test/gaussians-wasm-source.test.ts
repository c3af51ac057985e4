import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { GAUSSIANS_WASM_BASE64 } from '../src/decoder/wasm/gaussians-wasm';

/**
 * The WebAssembly the evaluator runs is committed as base64 (src/decoder/wasm/gaussians-wasm.ts)
 * so nothing is assembled at run time; its source is gaussians.wat. This assembles the source with
 * wabt (a dev dependency) and checks the committed bytes are exactly what it gives: an edit of the
 * .wat without `node packages/speech/scripts/build-gaussians-wasm.mjs` fails here.
 */
describe('the Gaussian scoring WebAssembly', () => {
  it('is the committed .wat, assembled', async () => {
    const require = createRequire(import.meta.url);
    const wabt = await (
      require('wabt') as () => Promise<{
        parseWat(
          name: string,
          source: string,
          features: Record<string, boolean>,
        ): {
          validate(): void;
          toBinary(o: object): { buffer: Uint8Array };
          destroy(): void;
        };
      }>
    )();
    const source = readFileSync(new URL('../src/decoder/wasm/gaussians.wat', import.meta.url), 'utf8');
    const mod = wabt.parseWat('gaussians.wat', source, { simd: true, bulk_memory: true });
    try {
      mod.validate();
      expect(Buffer.from(mod.toBinary({}).buffer).toString('base64')).toBe(GAUSSIANS_WASM_BASE64);
    } finally {
      mod.destroy();
    }
  });
});
