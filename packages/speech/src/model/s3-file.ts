// Readers for the CMU Sphinx "s3" binary model files (means, variances, transition_matrices).
// Layout, as documented by the format: an ASCII header "s3\n", "key value" lines up to
// "endhdr\n", then an int32 byte-order marker 0x11223344, then the payload.

export interface S3File {
  header: Record<string, string>;
  view: DataView;
  /** Byte offset of the first payload value, just after the byte-order marker. */
  offset: number;
  littleEndian: boolean;
}

export function readS3File(bytes: Uint8Array, name: string): S3File {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
  if (!text.startsWith('s3\n')) throw new Error(`${name}: not an s3 model file`);
  const end = text.indexOf('endhdr\n');
  if (end < 0) throw new Error(`${name}: s3 header has no endhdr`);
  const header: Record<string, string> = {};
  for (const line of text.slice(3, end).split('\n')) {
    const m = /^\s*(\S+)\s+(.*)$/.exec(line);
    if (m?.[1] && m[2] !== undefined) header[m[1]] = m[2].trim();
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = end + 'endhdr\n'.length;
  const marker = view.getUint32(offset, true);
  let littleEndian: boolean;
  if (marker === 0x11223344) littleEndian = true;
  else if (view.getUint32(offset, false) === 0x11223344) littleEndian = false;
  else throw new Error(`${name}: bad byte-order marker`);
  offset += 4;
  return { header, view, offset, littleEndian };
}

/** Sequential reader over a DataView. */
export class Cursor {
  constructor(
    readonly view: DataView,
    public offset: number,
    readonly littleEndian = true,
  ) {}
  int32(): number {
    const v = this.view.getInt32(this.offset, this.littleEndian);
    this.offset += 4;
    return v;
  }
  int16(): number {
    const v = this.view.getInt16(this.offset, this.littleEndian);
    this.offset += 2;
    return v;
  }
  uint8(): number {
    const v = this.view.getUint8(this.offset);
    this.offset += 1;
    return v;
  }
  float32(): number {
    const v = this.view.getFloat32(this.offset, this.littleEndian);
    this.offset += 4;
    return v;
  }
  floats(n: number): Float32Array {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.float32();
    return out;
  }
  cstring(): string {
    let s = '';
    for (;;) {
      const c = this.uint8();
      if (c === 0) return s;
      s += String.fromCharCode(c);
    }
  }
}
