// feat.params: the front-end settings the acoustic model was trained with. Values missing from
// the file fall back to the documented defaults of the Sphinx front end.

export interface FrontEndParams {
  sampleRate: number;
  frameRate: number;
  windowSeconds: number;
  nfft: number;
  preemphasis: number;
  lowerf: number;
  upperf: number;
  nfilt: number;
  ncep: number;
  lifter: number;
  transform: 'dct' | 'legacy' | 'htk';
  feat: string;
  cmn: 'batch' | 'current' | 'none' | 'live';
  varnorm: boolean;
  cmninit: number[];
  /** Feature streams as [first, last] dimension ranges (from -svspec). */
  streams: Array<[number, number]>;
}

export function parseFeatParams(text: string): FrontEndParams {
  const opts = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*-(\S+)\s+(\S+)/.exec(line);
    if (m?.[1] && m[2]) opts.set(m[1], m[2]);
  }
  const num = (k: string, d: number) => (opts.has(k) ? Number(opts.get(k)) : d);
  const transform = (opts.get('transform') ?? 'legacy') as FrontEndParams['transform'];
  const feat = opts.get('feat') ?? '1s_c_d_dd';
  if (feat !== '1s_c_d_dd') throw new Error(`feat.params: feature type ${feat} is not supported`);
  const ncep = num('ncep', 13);
  const svspec = opts.get('svspec');
  const streams: Array<[number, number]> = svspec
    ? svspec.split('/').map((r) => {
        const [a, b] = r.split('-').map(Number);
        return [a ?? 0, b ?? a ?? 0] as [number, number];
      })
    : [[0, 3 * ncep - 1]];
  return {
    sampleRate: num('samprate', 16000),
    frameRate: num('frate', 100),
    windowSeconds: num('wlen', 0.025625),
    nfft: num('nfft', 512),
    preemphasis: num('alpha', 0.97),
    lowerf: num('lowerf', 133.33334),
    upperf: num('upperf', 6855.4976),
    nfilt: num('nfilt', 40),
    ncep,
    lifter: num('lifter', 0),
    transform,
    feat,
    cmn: (opts.get('cmn') ?? 'live') as FrontEndParams['cmn'],
    varnorm: opts.get('varnorm') === 'yes',
    cmninit: (opts.get('cmninit') ?? '').split(',').filter(Boolean).map(Number),
    streams,
  };
}
