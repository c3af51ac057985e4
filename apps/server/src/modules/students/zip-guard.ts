import { createInflateRaw } from 'node:zlib';

/**
 * Decompression bombs (docs/security.md, "Uploads"). An xlsx is a zip; before exceljs sees one,
 * its central directory is read here and every entry inflated once as a stream, counting bytes
 * and discarding them: the declared sizes must stay within `maxInflatedBytes` in all, and no
 * entry may inflate to more than it declares (the stream is cut at the first byte over). The
 * first worksheet's rows that hold a value are counted on the way, so a file with more rows than
 * an import takes is refused without parsing it.
 */
export type ZipVerdict =
  { ok: true; firstSheetRows: number | null } | { ok: false; reason: 'unreadable' | 'too-large' | 'too-many-rows' };

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;
const MAX_ENTRIES = 2000;
/** Small XML parts kept to find the first worksheet (workbook.xml and its relations). */
const KEEP = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);

class Refused extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large' | 'too-many-rows') {
    super(reason);
  }
}

function centralDirectory(buf: Buffer): Entry[] {
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Refused('unreadable');
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 (0xffff / 0xffffffff markers) has no place in a roster of a few megabytes.
  if (count === 0xffff || cdOffset === 0xffffffff || count > MAX_ENTRIES) throw new Refused('unreadable');
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CEN) throw new Refused('unreadable');
    const nameLen = buf.readUInt16LE(p + 28);
    const entry: Entry = {
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new Refused('unreadable');
    entries.push(entry);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Counts `<row>` elements of a worksheet that hold a value (`<v>` or inline `<is>`), chunk by chunk. */
function rowCounter() {
  let tail = '';
  let inRow = false;
  let hasValue = false;
  let rows = 0;
  const token = /<(\/)?(?:\w+:)?(row|v|is)[\s>/]/g;
  const scan = (chunk: Buffer, final: boolean) => {
    const text = tail + chunk.toString('latin1');
    // Keep the last characters for the next chunk: a tag may be split between two.
    const cut = final ? text.length : Math.max(0, text.length - 16);
    token.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = token.exec(text)) && m.index < cut) {
      const [, closing, tag] = m;
      if (tag === 'row') {
        if (inRow && hasValue) rows++;
        inRow = !closing;
        hasValue = false;
      } else if (!closing && inRow) hasValue = true;
    }
    tail = text.slice(cut);
  };
  return {
    push: (chunk: Buffer) => scan(chunk, false),
    end() {
      scan(Buffer.alloc(0), true);
      if (inRow && hasValue) rows++;
      inRow = false;
      return rows;
    },
  };
}

function inflateEntry(data: Buffer, limit: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        reject(new Refused('too-large'));
        return;
      }
      onChunk(chunk);
    });
    inflate.on('error', () => reject(new Refused('unreadable')));
    inflate.on('end', () => resolve(total));
    inflate.end(data);
  });
}

function firstSheetPath(kept: Map<string, string>): string | null {
  const workbook = kept.get('xl/workbook.xml');
  const rels = kept.get('xl/_rels/workbook.xml.rels');
  const rid = workbook?.match(/<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  if (!rid || !rels) return null;
  for (const rel of rels.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    if (rel.includes(`Id="${rid}"`)) {
      const target = rel.match(/\bTarget="([^"]+)"/)?.[1];
      if (!target) return null;
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return null;
}

export async function inspectXlsx(buf: Buffer, maxInflatedBytes: number, maxRows: number): Promise<ZipVerdict> {
  try {
    const entries = centralDirectory(buf);
    const declared = entries.reduce((s, e) => s + e.size, 0);
    if (declared > maxInflatedBytes) throw new Refused('too-large');
    const kept = new Map<string, string>();
    const rows = new Map<string, number>();
    for (const e of entries) {
      const p = e.localOffset;
      if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOC) throw new Refused('unreadable');
      const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
      if (start + e.compressedSize > buf.length) throw new Refused('unreadable');
      const data = buf.subarray(start, start + e.compressedSize);
      const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(e.name);
      const counter = isSheet ? rowCounter() : null;
      const parts: Buffer[] = [];
      const onChunk = (chunk: Buffer) => {
        counter?.push(chunk);
        if (KEEP.has(e.name)) parts.push(chunk);
      };
      let size: number;
      if (e.method === 0) {
        size = data.length;
        onChunk(data);
      } else if (e.method === 8) size = await inflateEntry(data, e.size, onChunk);
      else throw new Refused('unreadable');
      if (size !== e.size) throw new Refused('unreadable');
      if (counter) rows.set(e.name, counter.end());
      if (KEEP.has(e.name)) kept.set(e.name, Buffer.concat(parts).toString('utf8'));
    }
    const first = firstSheetPath(kept);
    const firstSheetRows = first ? (rows.get(first) ?? null) : null;
    // The header and one row over the limit are enough to refuse the file.
    if (firstSheetRows !== null && firstSheetRows > maxRows + 1) throw new Refused('too-many-rows');
    return { ok: true, firstSheetRows };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.reason };
    throw e;
  }
}
