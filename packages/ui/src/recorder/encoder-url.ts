// The encoder worker, bundled by Vite as its own file; its URL is what the recorder needs.
import encoderUrl from './encoder.worker.ts?worker&url';

export { encoderUrl };
