import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, createXlsx, sheetName, XLSX_CELL_MAX, xmlText, zip } from './xlsx-writer.js';

/** The zip's entries (name → text), read from the central directory as Excel would. */
function unzip(file: Buffer) {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const csize = file.readUInt32LE(at + 20);
    const nameLen = file.readUInt16LE(at + 28);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLen);
    const localName = file.readUInt16LE(offset + 26);
    const data = file.subarray(offset + 30 + localName, offset + 30 + localName + csize);
    entries.set(name, inflateRawSync(data).toString('utf8'));
    at += 46 + nameLen;
  }
  return entries;
}

async function read(file: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb;
}

describe('xlsx writer', () => {
  it('writes sheets exceljs (and so Excel) reads back: names, header look, widths, frozen panes, values', async () => {
    const book = createXlsx({ at: new Date('2026-11-23T01:02:03Z') });
    const scores = book.sheet('生徒別得点', {
      freeze: { rows: 1, columns: 2 },
      wrapHeader: true,
      columns: [
        { header: '出席番号', key: 'number', width: 9 },
        { header: '氏名', key: 'name', width: 16 },
        { header: 'パスワード', key: 'password', width: 12, text: true },
        { header: '平均点', key: 'average' },
      ],
    });
    scores.row({ number: 1, name: '山田 太郎', password: '0012', average: 87.5 });
    scores.row({ number: 2, name: '鈴木 花子', password: 'abc123', average: null });
    scores.row({ name: '合計', average: 87.5 }, { bold: true });
    expect(scores.rowCount).toBe(4);
    const other = book.sheet('概要', { columns: [{ header: '項目', key: 'k' }] });
    other.row({ k: '宿題' });
    const wb = await read(await book.finish());

    expect(wb.worksheets.map((w) => w.name)).toEqual(['生徒別得点', '概要']);
    expect(wb.creator).toBe('Ondoku');
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 1, topLeftCell: 'C2' });
    expect(wb.worksheets[1]!.views[0]?.state ?? 'normal').toBe('normal');
    expect([1, 2, 3].map((i) => ws.getColumn(i).width)).toEqual([9, 16, 12]);
    expect(ws.getRow(1).values).toEqual([undefined, '出席番号', '氏名', 'パスワード', '平均点']);
    for (const ref of ['A1', 'D1']) {
      expect(ws.getCell(ref).font).toMatchObject({ bold: true });
      expect(ws.getCell(ref).fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F1EA' } });
      expect(ws.getCell(ref).alignment).toMatchObject({ vertical: 'middle', wrapText: true });
    }
    expect(ws.getRow(2).values).toEqual([undefined, 1, '山田 太郎', '0012', 87.5]);
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('C2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('D3').value).toBeNull();
    // Data cells have no look of their own, but the text column keeps `@`, its cells and the column.
    expect(ws.getCell('B2').font?.bold).toBeFalsy();
    expect(ws.getCell('B2').fill).toBeUndefined();
    expect(ws.getCell('C2').numFmt).toBe('@');
    expect(ws.getColumn(3).numFmt).toBe('@');
    expect(ws.getCell('B4').font).toMatchObject({ bold: true });
    expect(ws.getCell('D4').value).toBe(87.5);
    expect(wb.worksheets[1]!.getCell('A2').value).toBe('宿題');
    // Without wrapHeader the header does not wrap.
    expect(wb.worksheets[1]!.getCell('A1').alignment).toEqual({ vertical: 'middle' });
  });

  it('stores a cell starting with = + - @ as text, never as a formula', async () => {
    const dangerous = ['=1+1', '+81 3-1234', '-2+3', '@SUM(A1)', '=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0"];
    const book = createXlsx();
    const ws = book.sheet('名簿', { columns: [{ header: '氏名', key: 'name' }] });
    for (const name of dangerous) ws.row({ name });
    const file = await book.finish();
    const sheetXml = unzip(file).get('xl/worksheets/sheet1.xml')!;
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).not.toContain('t="str"');
    expect(sheetXml.match(/t="inlineStr"/g)).toHaveLength(dangerous.length + 1);
    const read_ = (await read(file)).worksheets[0]!;
    dangerous.forEach((name, i) => {
      const cell = read_.getCell(`A${i + 2}`);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(name);
      expect(cell.formula).toBeUndefined();
    });
  });

  it('escapes XML, keeps spaces and line breaks, and drops what XML cannot carry', async () => {
    const book = createXlsx();
    const ws = book.sheet('a', { columns: [{ header: 'x', key: 'x' }] });
    ws.row({ x: '<b>&"山田"</b>' });
    ws.row({ x: '  前後に空白  ' });
    ws.row({ x: '一行目\n二行目\tタブ' });
    ws.row({ x: 'ベル\u0007と\uD800片割れ\uFFFF' });
    ws.row({ x: '😀 絵文字' });
    ws.row({ x: 'あ'.repeat(XLSX_CELL_MAX + 10) });
    ws.row({ x: Number.NaN });
    const sheet = (await read(await book.finish())).worksheets[0]!;
    expect(sheet.getColumn(1).values.slice(2, 8)).toEqual([
      '<b>&"山田"</b>',
      '  前後に空白  ',
      '一行目\n二行目\tタブ',
      'ベルと片割れ',
      '😀 絵文字',
      'あ'.repeat(XLSX_CELL_MAX),
    ]);
    expect(sheet.getCell('A8').value).toBeNull();
  });

  it('gives sheets names Excel accepts, each once', async () => {
    expect(sheetName('a/b:c*d?e[f]g\\h')).toBe('a_b_c_d_e_f_g_h');
    expect(Array.from(sheetName('宿'.repeat(40)))).toHaveLength(31);
    expect(sheetName('')).toBe('Sheet');
    const book = createXlsx();
    book.sheet('同じ', { columns: [{ header: 'x', key: 'x' }] });
    book.sheet('同じ', { columns: [{ header: 'x', key: 'x' }] });
    expect((await read(await book.finish())).worksheets.map((w) => w.name)).toEqual(['同じ', '同じ(2)']);
  });

  it('writes a sheet of many rows whole (2,000 rows × 14 columns, many chunks of the deflate stream)', async () => {
    const book = createXlsx();
    const columns = Array.from({ length: 14 }, (_, i) => ({ header: `列${i + 1}`, key: `c${i}` }));
    const ws = book.sheet('大きい', { columns });
    for (let r = 0; r < 2_000; r++)
      ws.row(Object.fromEntries(columns.map((c, i) => [c.key, i % 2 ? `生徒${r}` : r + i / 10])));
    const sheet = (await read(await book.finish())).worksheets[0]!;
    expect(sheet.rowCount).toBe(2_001);
    expect(sheet.getCell('N2001').value).toBe('生徒1999');
    expect(sheet.getCell('M2001').value).toBe(1999 + 1.2);
  });

  it('helpers: column letters, XML text, and a zip whose entries are where its directory says', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlText('a<b>&c"')).toBe('a&lt;b&gt;&amp;c&quot;');
    const text = Buffer.from('山田 太郎');
    const file = zip(
      [
        { name: 'a.txt', data: Buffer.from([0x03, 0x00]), crc: 0, size: 0 },
        { name: 'b/名前.txt', data: deflateRawSync(text), crc: crc32(text), size: text.length },
      ],
      new Date('2026-01-01T00:00:00Z'),
    );
    expect([...unzip(file)]).toEqual([
      ['a.txt', ''],
      ['b/名前.txt', '山田 太郎'],
    ]);
  });

  it('dates zip entries by the UTC clock whatever the zone of the process, and from 1980 on', async () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo';
      const book = createXlsx({ at: new Date('2026-11-23T23:58:30Z') });
      book.sheet('a', { columns: [{ header: 'x', key: 'x' }] });
      const file = await book.finish();
      const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      const dir = file.readUInt32LE(end + 16);
      // MS-DOS time and date of the central directory's first entry: 23:58:30, 2026-11-23.
      expect(file.readUInt16LE(dir + 12)).toBe((23 << 11) | (58 << 5) | 15);
      expect(file.readUInt16LE(dir + 14)).toBe(((2026 - 1980) << 9) | (11 << 5) | 23);
      const early = createXlsx({ at: new Date('1970-01-01T00:00:00Z') });
      early.sheet('a', { columns: [{ header: 'x', key: 'x' }] });
      expect((await read(await early.finish())).worksheets).toHaveLength(1);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses an empty workbook and a second finish', async () => {
    await expect(createXlsx().finish()).rejects.toThrow();
    const book = createXlsx();
    book.sheet('a', { columns: [{ header: 'x', key: 'x' }] });
    await book.finish();
    await expect(book.finish()).rejects.toThrow();
    expect(() => book.sheet('b', { columns: [] })).toThrow();
  });
});
