import { exerciseTypes, type ResourceDetail } from '@ondoku/contract';
import { mediaUrl } from '../media/index.js';

const MEDIA_PREFIX = mediaUrl('');

/**
 * The real library's resources the web tests render (the preview views tested with real library
 * data, docs/library-web.md): the first headquarters resource of each exercise type, in material order, as
 * resource/detail answers it. Media keys are content hashes of audio that eSpeak NG does not
 * synthesise bit for bit the same on every machine, so each media URL becomes
 * `/media/sample-<n>.<ext>` and each resource id its place in the list; nothing else changes.
 * `acceptance.test.ts` checks the committed file against the installed library
 * (`UPDATE_WEB_SAMPLES=1` rewrites it).
 */
export const webSamplesFile = new URL('../../../../../packages/ui/src/preview/library-samples.json', import.meta.url);

export function webSamples(details: readonly ResourceDetail[]): ResourceDetail[] {
  const byId = [...details].sort((a, b) => a.resource_id - b.resource_id);
  const chosen = exerciseTypes.flatMap((type) =>
    byId.filter((d) => d.type === type && d.origin_type === 'headquarters').slice(0, 1),
  );
  let n = 0;
  const media = new Map<string, string>();
  const rename = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith(MEDIA_PREFIX) && v.length > MEDIA_PREFIX.length) {
      if (!media.has(v)) media.set(v, `${MEDIA_PREFIX}sample-${++n}${/\.[a-z0-9]+$/.exec(v)?.[0] ?? ''}`);
      return media.get(v);
    }
    if (Array.isArray(v)) return v.map(rename);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x)]));
    return v;
  };
  return chosen.map((d, i) => ({ ...(rename(d) as ResourceDetail), resource_id: 9001 + i }));
}
