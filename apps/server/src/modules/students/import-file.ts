import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { ErrorCode, studentLimits, studentMessages } from '@ondoku/contract';
import { AppError } from '../../lib/app-error.js';
import { hasControlChars, stripControlChars } from '../../lib/control-chars.js';
import { inspectXlsx } from './zip-guard.js';

/**
 * Reading an uploaded roster into rows of text: xlsx (first worksheet) or CSV in UTF-8 (with or
 * without BOM) or Shift_JIS (CP932, as Japanese Excel writes "CSV (コンマ区切り)"). The type is
 * decided by the file's bytes, not its name: an xlsx is a ZIP, the old .xls an OLE container.
 */
export interface SheetRow {
  /** Row number as the spreadsheet shows it. */
  row: number;
  cells: string[];
  /** Control characters were removed from this row's cells (docs/security.md, "Input"). */
  stripped?: true;
}

/** Cells without control characters (NUL cannot be stored); the row says when any were removed. */
function cleanRow(row: number, cells: string[]): SheetRow {
  if (!cells.some(hasControlChars)) return { row, cells };
  return { row, cells: cells.map(stripControlChars), stripped: true };
}

const invalid = (message: string) => new AppError(ErrorCode.IMPORT_FILE_INVALID, message);

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0xd0cf11e0;
const hasNul = (b: Buffer) => b.subarray(0, 4096).includes(0);

export async function readSheet(buffer: Buffer, filename: string): Promise<SheetRow[]> {
  if (isOle(buffer)) throw invalid(studentMessages.fileType);
  if (isZip(buffer)) return readXlsx(buffer);
  if (hasNul(buffer) || /\.(xlsx?|xlsm|ods|numbers|pdf|docx?)$/i.test(filename)) {
    throw invalid(/\.xlsx$/i.test(filename) ? studentMessages.fileUnreadable : studentMessages.fileType);
  }
  return readCsv(buffer);
}

export function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return buffer.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return iconv.decode(buffer, 'cp932');
  }
}

/** Characters of CSV text handed to the parser between turns of the event loop. */
const CSV_SLICE = 64 * 1024;

/**
 * CSV, parsed a slice at a time with the event loop served in between, and given up as soon as
 * it holds more non-empty rows than an import may (a header and `maxRows`): a 100,000-row file is
 * refused after its first 3,002 rows without holding other requests back (docs/security.md,
 * "Uploads").
 */
async function readCsv(buffer: Buffer): Promise<SheetRow[]> {
  const text = decodeText(buffer);
  const limit = studentLimits.import.maxRows + 1;
  const parser = parse({ relax_column_count: true, skip_empty_lines: false, trim: false });
  const rows: SheetRow[] = [];
  let nonEmpty = 0;
  let failed: unknown = null;
  parser.on('readable', () => {
    let cells: string[] | null;
    while ((cells = parser.read() as string[] | null) !== null) {
      rows.push(cleanRow(rows.length + 1, cells));
      if (cells.some((c) => c.trim() !== '')) nonEmpty++;
    }
  });
  parser.on('error', (e) => (failed = e));
  const ended = new Promise<void>((resolve) => parser.on('close', resolve));
  for (let i = 0; i < text.length && !failed && nonEmpty <= limit; i += CSV_SLICE) {
    parser.write(text.slice(i, i + CSV_SLICE));
    await new Promise<void>((r) => setImmediate(r));
  }
  if (nonEmpty > limit) {
    parser.destroy();
    throw invalid(studentMessages.fileTooManyRows);
  }
  if (!failed) parser.end();
  await ended;
  if (failed) throw invalid(studentMessages.fileUnreadable);
  return rows;
}

async function readXlsx(buffer: Buffer): Promise<SheetRow[]> {
  // Sizes and rows are checked on the zip itself before exceljs inflates anything.
  const { maxInflatedBytes, maxRows } = studentLimits.import;
  const verdict = await inspectXlsx(buffer, maxInflatedBytes, maxRows);
  if (!verdict.ok) {
    throw invalid(
      verdict.reason === 'too-large'
        ? studentMessages.fileInflatedTooLarge
        : verdict.reason === 'too-many-rows'
          ? studentMessages.fileTooManyRows
          : studentMessages.fileUnreadable,
    );
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalid(studentMessages.fileUnreadable);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw invalid(studentMessages.fileEmpty);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    rows.push(
      cleanRow(
        rowNumber,
        Array.from(cells, (c) => c ?? ''),
      ),
    );
  });
  return rows;
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}
