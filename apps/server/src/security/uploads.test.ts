import { monitorEventLoopDelay } from 'node:perf_hooks';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { studentLimits, studentMessages } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSheet } from '../modules/students/import-file.js';
import { buildClass, teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { multipart } from '../test/multipart.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** Decompression bombs and oversized sheets (docs/security.md, "Uploads"). */
let t: TestApp;
let me: SignedInTeacher;
let classId: number;
beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
  classId = (await buildClass(t, { teacher: me.teacher })).id;
});
afterAll(() => t.close());

const MiB = 1024 * 1024;
/** 1 GiB by default; BOMB_MIB=64 shows the unguarded behaviour without taking the machine's memory. */
const BOMB_MIB = Number(process.env.BOMB_MIB ?? 1024);

/** Raw deflate data that inflates to `mib` MiB of zeros, about 1 KiB per MiB (full-flushed segments repeat). */
function zeros(mib: number) {
  const segment = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => segment), Buffer.from([0x03, 0x00])]);
}

interface RawEntry {
  name: string;
  /** Raw deflate data. */
  data: Buffer;
  /** The size written in the headers (a bomb may lie). */
  size: number;
  crc: number;
}

/** A zip of already-deflated entries, with the sizes given (no validation: that is the point). */
function writeZip(entries: RawEntry[]) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt32LE(e.crc, 16);
    cen.writeUInt32LE(e.data.length, 20);
    cen.writeUInt32LE(e.size, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(cen, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** A real roster xlsx (exceljs), its entries re-deflated, with `replace` swapping entries' contents. */
async function xlsxEntries(replace: Record<string, Buffer> = {}): Promise<RawEntry[]> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('生徒').addRow(['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード']);
  const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const out: RawEntry[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    const content = replace[name] ?? (await file.async('nodebuffer'));
    out.push({ name, data: deflateRawSync(content), size: content.length, crc: crc32(content) });
  }
  return out;
}

const upload = (data: Buffer) => {
  const mp = multipart({ team_id: String(classId) }, { name: 'bomb.xlsx', data });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/team/import-team-students-list',
    payload: mp.payload,
    headers: { ...me.auth, ...mp.headers },
  });
};

describe('decompression bombs', () => {
  it('refuses an xlsx that declares 1 GiB inflated, before inflating it', async () => {
    const bomb = zeros(BOMB_MIB);
    const file = writeZip([
      ...(await xlsxEntries()),
      { name: 'xl/media/image1.png', data: bomb, size: BOMB_MIB * MiB, crc: 0 },
    ]);
    expect(file.length).toBeLessThan(2 * MiB);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const res = await upload(file);
    const grew = (process.memoryUsage().rss - before) / MiB;
    console.log(
      `bomb (declared): ${(file.length / MiB).toFixed(2)} MiB file, ${Date.now() - started} ms, rss +${grew.toFixed(0)} MiB`,
    );
    expect([res.statusCode, res.json().errmsg]).toEqual([200, studentMessages.fileInflatedTooLarge]);
    expect(grew).toBeLessThan(100);
  });

  it('cuts an entry that inflates past its declared size (a lying bomb)', async () => {
    const file = writeZip([
      ...(await xlsxEntries()),
      { name: 'xl/media/image1.png', data: zeros(BOMB_MIB), size: 1000, crc: 0 },
    ]);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const res = await upload(file);
    const grew = (process.memoryUsage().rss - before) / MiB;
    console.log(`bomb (lying): ${Date.now() - started} ms, rss +${grew.toFixed(0)} MiB`);
    expect([res.statusCode, res.json().errmsg]).toEqual([200, studentMessages.fileInflatedTooLarge]);
    expect(grew).toBeLessThan(100);
  });

  it('refuses a 200,000-row sheet quickly, without parsing it', async () => {
    const rows: string[] = [];
    for (let i = 1; i <= 200_000; i++)
      rows.push(
        `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>s-${i}</t></is></c><c r="B${i}"><v>${i}</v></c></row>`,
      );
    const sheet = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
    );
    const file = writeZip(await xlsxEntries({ 'xl/worksheets/sheet1.xml': sheet }));
    expect(file.length).toBeLessThan(studentLimits.import.maxBytes);
    // "Without parsing it": exceljs never loads the file (its reader is the workbook's `xlsx`). How
    // fast is printed, not asserted: a busy machine's clock proves nothing (docs/testing.md).
    const reader = vi.spyOn(ExcelJS.Workbook.prototype, 'xlsx', 'get');
    const started = Date.now();
    try {
      const res = await upload(file);
      console.log(`200,000 rows: ${(sheet.length / MiB).toFixed(1)} MiB of XML refused in ${Date.now() - started} ms`);
      expect([res.statusCode, res.json().errmsg]).toEqual([200, studentMessages.fileTooManyRows]);
      expect(reader).not.toHaveBeenCalled();
    } finally {
      reader.mockRestore();
    }
  });
});

describe('a large CSV', () => {
  it('a 100,000-row CSV is refused after its first rows, the event loop served all along', async () => {
    const lines = ['生徒ID,名前'];
    for (let i = 1; i <= 100_000; i++) lines.push(`csv-${i},生徒${i}`);
    const data = Buffer.from(lines.join('\r\n'));
    expect(data.length).toBeLessThan(studentLimits.import.maxBytes);
    const mp = multipart({ team_id: String(classId) }, { name: 'roster.csv', data });
    // The longest stretch without a turn of the event loop, seen by a 1 ms timer. How long it was
    // is printed; that the timer ran many times while the file was read is asserted (a
    // synchronous parse gives it no turn at all). Why not a timed assertion: docs/testing.md.
    const delay = monitorEventLoopDelay({ resolution: 1 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    delay.enable();
    const started = Date.now();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/team/import-team-students-list',
        payload: mp.payload,
        headers: { ...me.auth, ...mp.headers },
      });
      expect([res.statusCode, res.json().errmsg]).toEqual([200, studentMessages.fileTooManyRows]);
    } finally {
      clearInterval(timer);
      delay.disable();
    }
    console.log(
      `100,000-row CSV (${(data.length / MiB).toFixed(1)} MiB) refused in ${Date.now() - started} ms; ` +
        `longest event-loop delay ${(delay.max / 1e6).toFixed(1)} ms, timer turns ${ticks}`,
    );
    expect(ticks).toBeGreaterThan(0);
  });

  it('a CSV of the largest size is parsed a slice at a time, the event loop served in between', async () => {
    // 3,000 rows of about 1.5 KB each: all of it must be read, close to the 5 MB limit.
    const note = 'あ'.repeat(500);
    const lines = ['生徒ID,名前,ふりがな'];
    for (let i = 1; i <= 3_000; i++) lines.push(`big-${i},生徒${i},${note}`);
    const data = Buffer.from(lines.join('\r\n'));
    expect(data.length).toBeLessThan(studentLimits.import.maxBytes);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const rows = await readSheet(data, 'roster.csv');
      expect(rows).toHaveLength(3_001);
    } finally {
      clearInterval(timer);
    }
    // A parse in one piece gives the timer no turn; sliced, it gets many.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
