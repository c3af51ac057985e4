import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/**
 * The xlsx writer every export uses (docs/architecture.md, "xlsx files"): SpreadsheetML written
 * as text, row by row, in a zip written by fflate. It does what the exports need and no more:
 *
 * - sheets with Japanese names, a header row in one look (bold, tinted, centred vertically),
 *   column widths, frozen panes, whole columns kept as text (`@`), bold rows (totals);
 * - cells that are numbers, or strings written as **inline strings** — never formulas and never
 *   shared strings — so a name that starts with = + - @ stays text in Excel; empty for null;
 * - each sheet's XML deflated as it is written by a zlib stream (zlib's thread pool, not the
 *   event loop); once every sheet is done, fflate's `Zip` writes the container around the
 *   deflated entries in memory (docs/architecture.md, "xlsx files").
 *
 * Why not exceljs (which still reads the imported rosters and reads exports back in tests): its
 * streaming writer builds a cell object with its own style object per value and looks the style
 * XML up per cell, which made 10,000 result rows cost 0.7–1.4 s of the event loop and most of the
 * export's garbage collection; here a row is one string concatenation.
 */

export type XlsxValue = string | number | null | undefined;

export interface XlsxColumn {
  /** The row field this column shows. */
  key: string;
  header: string;
  /** Width in characters (Excel's unit). */
  width?: number;
  /** Every data cell of the column formatted as text (`@`): what is typed there later stays as typed. */
  text?: boolean;
}

export interface XlsxSheetOptions {
  columns: readonly XlsxColumn[];
  /** Frozen rows at the top and columns at the left (the header row, the name columns). */
  freeze?: { rows?: number; columns?: number };
  /** The header's long titles wrap in their cells (the results exports). */
  wrapHeader?: boolean;
}

export interface XlsxSheet {
  /** Writes one row below the last one: each column's value from `values[column.key]`. */
  row(values: Record<string, XlsxValue>, options?: { bold?: boolean }): void;
  /** Rows written so far, the header included. */
  readonly rowCount: number;
}

export interface XlsxBook {
  /** A new sheet (its header row already written). Sheet names are Excel's: ≤ 31 characters, none of []:*?/\. */
  sheet(name: string, options: XlsxSheetOptions): XlsxSheet;
  /** The finished file. */
  finish(): Promise<Buffer>;
}

/** Excel's limit of characters in one cell. */
export const XLSX_CELL_MAX = 32767;

/** The cell styles of styles.xml (cellXfs), by index. */
const STYLE = { plain: 0, header: 1, headerWrap: 2, text: 3, bold: 4 } as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Text as XML character data: & < > escaped, and what XML 1.0 cannot carry at all (control
 * characters other than tab and line breaks, unpaired surrogates, U+FFFE/U+FFFF) dropped.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Any character xmlText changes (most names and numbers have none: returned as they are). */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
export function xmlText(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  return s.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** Whether text starts or ends with white space (kept only with xml:space="preserve"). */
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13 || code === 0x3000;
const padded = (s: string) => s.length > 0 && (isSpace(s.charCodeAt(0)) || isSpace(s.charCodeAt(s.length - 1)));

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A sheet name Excel accepts: the characters it refuses replaced, at most 31 characters, never empty. */
export function sheetName(name: string): string {
  const clean = name
    .replace(NOT_XML, '')
    .replace(/[[\]:*?/\\]/g, '_')
    .replace(/^'|'$/g, '_');
  return Array.from(clean).slice(0, 31).join('') || 'Sheet';
}

function stringCell(ref: string, style: number, s: string) {
  if (s.length > XLSX_CELL_MAX) s = Array.from(s).slice(0, XLSX_CELL_MAX).join('').slice(0, XLSX_CELL_MAX);
  const text = xmlText(s);
  const space = padded(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** One cell's XML, or '' for an empty cell that has no style of its own. */
function cellXml(ref: string, style: number, value: XlsxValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return style ? `<c r="${ref}" s="${style}"/>` : '';
    return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  }
  if (typeof value === 'string') return stringCell(ref, style, value);
  return style ? `<c r="${ref}" s="${style}"/>` : '';
}

/** Writes text into a zip entry compressed as it comes; the raw text is cut into chunks of about 64 KB. */
class DeflatedEntry {
  private readonly deflate: DeflateRaw;
  private readonly chunks: Buffer[] = [];
  private pending = '';
  private crc = 0;
  private size = 0;
  readonly done: Promise<ZipEntry>;

  constructor(readonly name: string) {
    this.deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    this.deflate.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.deflate.on('error', reject);
      this.deflate.on('end', () =>
        resolve({ name: this.name, data: Buffer.concat(this.chunks), crc: this.crc, size: this.size }),
      );
    });
  }

  write(text: string) {
    this.pending += text;
    if (this.pending.length >= 32768) this.flush();
  }

  private flush() {
    if (!this.pending) return;
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    this.deflate.write(bytes);
  }

  end(text = '') {
    this.write(text);
    this.flush();
    this.deflate.end();
  }
}

class Sheet implements XlsxSheet {
  private readonly refs: string[];
  private readonly styles: number[];
  private readonly keys: string[];
  private rows = 0;

  constructor(
    private readonly entry: DeflatedEntry,
    options: XlsxSheetOptions,
  ) {
    const { columns, freeze = {} } = options;
    this.refs = columns.map((_, i) => columnName(i));
    this.styles = columns.map((c) => (c.text ? STYLE.text : STYLE.plain));
    this.keys = columns.map((c) => c.key);
    const xSplit = freeze.columns ?? 0;
    const ySplit = freeze.rows ?? 0;
    let view = '<sheetView workbookViewId="0"/>';
    if (xSplit || ySplit) {
      const pane = xSplit && ySplit ? 'bottomRight' : ySplit ? 'bottomLeft' : 'topRight';
      const topLeft = `${columnName(xSplit)}${ySplit + 1}`;
      view =
        `<sheetView workbookViewId="0"><pane${xSplit ? ` xSplit="${xSplit}"` : ''}${ySplit ? ` ySplit="${ySplit}"` : ''}` +
        ` topLeftCell="${topLeft}" activePane="${pane}" state="frozen"/><selection pane="${pane}" activeCell="${topLeft}" sqref="${topLeft}"/></sheetView>`;
    }
    const cols = columns
      .map((c, i) => {
        const width = c.width ? ` width="${c.width}" customWidth="1"` : ' width="9.140625"';
        return `<col min="${i + 1}" max="${i + 1}"${width}${c.text ? ` style="${STYLE.text}"` : ''}/>`;
      })
      .join('');
    entry.write(
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
        `<sheetViews>${view}</sheetViews><sheetFormatPr defaultRowHeight="15"/>` +
        (cols ? `<cols>${cols}</cols>` : '') +
        '<sheetData>',
    );
    const headerStyle = options.wrapHeader ? STYLE.headerWrap : STYLE.header;
    this.write(
      Object.fromEntries(columns.map((c) => [c.key, c.header])),
      columns.map(() => headerStyle),
    );
  }

  get rowCount() {
    return this.rows;
  }

  row(values: Record<string, XlsxValue>, options?: { bold?: boolean }) {
    this.write(values, options?.bold ? this.styles.map(() => STYLE.bold) : this.styles);
  }

  private write(values: Record<string, XlsxValue>, styles: number[]) {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < this.keys.length; i++) xml += cellXml(`${this.refs[i]}${r}`, styles[i]!, values[this.keys[i]!]);
    this.entry.write(`${xml}</row>`);
  }

  end() {
    this.entry.end(
      '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
    );
  }
}

const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>' +
  '<font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
  '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFE3F1EA"/><bgColor indexed="64"/></patternFill></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="center"/></xf>' +
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="center" wrapText="1"/></xf>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

/**
 * The time a zip entry carries. Zip dates are MS-DOS local fields with no zone; they hold the UTC
 * clock, as before. fflate fills them from the process's local clock, so the instant is moved by
 * the zone's offset, within the years fflate writes (1980–2099).
 */
function zipTime(at: Date): number {
  const t = Math.min(Math.max(at.getTime(), Date.UTC(1980, 0, 1)), Date.UTC(2099, 11, 31));
  return t + new Date(t).getTimezoneOffset() * 60_000;
}

export interface ZipEntry {
  name: string;
  /** Raw deflate data of `size` bytes whose CRC-32 is `crc`. */
  data: Uint8Array<ArrayBuffer>;
  crc: number;
  size: number;
}

/**
 * A zip of entries already deflated (by zlib, off the event loop): fflate writes the container —
 * local headers, data descriptors, central directory — around them (`ZipInputFile` with
 * compression 8, fflate's documented way in for data compressed elsewhere).
 */
export function zip(entries: ZipEntry[], at: Date): Buffer {
  const chunks: Uint8Array[] = [];
  const errors: Error[] = [];
  const archive = new Zip((error, chunk) => {
    if (error) errors.push(error);
    else chunks.push(chunk);
  });
  const mtime = zipTime(at);
  for (const e of entries) {
    const file: ZipInputFile = { filename: e.name, size: e.size, crc: e.crc >>> 0, compression: 8, mtime };
    archive.add(file);
    file.ondata!(null, e.data, true);
  }
  archive.end();
  if (errors.length) throw errors[0];
  return Buffer.concat(chunks);
}

function smallEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A new workbook. `at` dates the file (its properties and zip entries). */
export function createXlsx(options: { creator?: string; at?: Date } = {}): XlsxBook {
  const at = options.at ?? new Date();
  const creator = xmlText(options.creator ?? 'Ondoku');
  const sheets: { name: string; sheet: Sheet; entry: DeflatedEntry }[] = [];
  let finished = false;

  return {
    sheet(name, sheetOptions) {
      if (finished) throw new Error('xlsx: the workbook is finished');
      let unique = sheetName(name);
      for (let n = 2; sheets.some((s) => s.name.toLowerCase() === unique.toLowerCase()); n++)
        unique = `${Array.from(sheetName(name)).slice(0, 28).join('')}(${n})`;
      const entry = new DeflatedEntry(`xl/worksheets/sheet${sheets.length + 1}.xml`);
      const sheet = new Sheet(entry, sheetOptions);
      sheets.push({ name: unique, sheet, entry });
      return sheet;
    },

    async finish() {
      if (finished) throw new Error('xlsx: the workbook is finished');
      finished = true;
      if (!sheets.length) throw new Error('xlsx: a workbook needs a sheet');
      for (const s of sheets) s.sheet.end();
      const written = await Promise.all(sheets.map((s) => s.entry.done));
      const iso = `${at.toISOString().slice(0, 19)}Z`;
      const sheetList = sheets
        .map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('');
      const sheetRels = sheets
        .map(
          (_, i) => `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('');
      const sheetTypes = sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('');
      return zip(
        [
          smallEntry(
            '[Content_Types].xml',
            `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
              '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
              '<Default Extension="xml" ContentType="application/xml"/>' +
              '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
              sheetTypes +
              '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
              '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
              '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
              '</Types>',
          ),
          smallEntry(
            '_rels/.rels',
            `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
              `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
              '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
              `<Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/>` +
              '</Relationships>',
          ),
          smallEntry(
            'docProps/app.xml',
            `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
              '<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
              '<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>' +
              '<AppVersion>16.0300</AppVersion></Properties>',
          ),
          smallEntry(
            'docProps/core.xml',
            `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"` +
              ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
              ' xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
              `<dc:creator>${creator}</dc:creator><cp:lastModifiedBy>${creator}</cp:lastModifiedBy>` +
              `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created>` +
              `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
          ),
          smallEntry(
            'xl/workbook.xml',
            `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
              `<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews>` +
              `<sheets>${sheetList}</sheets><calcPr calcId="171027"/></workbook>`,
          ),
          smallEntry(
            'xl/_rels/workbook.xml.rels',
            `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
              sheetRels +
              `<Relationship Id="rId${sheets.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>` +
              '</Relationships>',
          ),
          smallEntry('xl/styles.xml', STYLES_XML),
          ...written,
        ],
        at,
      );
    },
  };
}
