import { parse } from 'csv-parse/sync';
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

function readCsv(buffer: Buffer): SheetRow[] {
  let records: string[][];
  try {
    records = parse(decodeText(buffer), { relax_column_count: true, skip_empty_lines: false, trim: false });
  } catch {
    throw invalid(studentMessages.fileUnreadable);
  }
  return records.map((cells, i) => cleanRow(i + 1, cells));
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
