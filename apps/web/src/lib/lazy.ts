import { limits } from '@ondoku/contract';

export const CHUNK_LOAD_ERROR = '画面の読み込みに失敗しました。通信環境をご確認のうえ、再読み込みしてください。';

/** Load a route chunk, giving up after the product's chunk load timeout of 120 s. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = limits.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_LOAD_ERROR)), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      () => {
        clearTimeout(timer);
        reject(new Error(CHUNK_LOAD_ERROR));
      },
    );
  });
}
