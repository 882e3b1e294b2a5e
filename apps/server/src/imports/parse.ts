import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ApiError, apiError, errorSpec } from '../jsonapi/errors';
import { firstSheetWorkbook } from './xlsx-zip';

/** What an import reads at most (issue 26: bad files get a clear error and change nothing). */
export const IMPORT_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  rows: 20_000,
  columns: 200,
  cellChars: 1_000,
} as const;

export interface ParsedFile {
  format: 'csv' | 'xlsx';
  /** Header cells as written (blank ones named by their column letter). */
  headers: string[];
  /** Each data row's cells as text, as many as the headers; `number` is the row's number in the file (header = 1). */
  rows: { number: number; cells: string[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A column's letters, as spreadsheets name it (1 → A, 27 → AA). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Text of a CSV file: UTF-8 (with or without its byte order mark), else Windows-1250 (what Polish
 * Excel saves as "CSV"), recognised by its Polish letters; anything else (UTF-16, a binary file)
 * is refused.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw apiError(422, 'importFile.encoding', { source: { parameter: 'file' } });
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Not UTF-8: Windows-1250 when its high bytes are Polish letters (ą ć ę ł ń ó ś ź ż, upper and lower).
    const polish = new Set([0xa5, 0xb9, 0xc6, 0xe6, 0xca, 0xea, 0xa3, 0xb3, 0xd1, 0xf1, 0xd3, 0xf3, 0x8c, 0x9c, 0x8f, 0x9f, 0xaf, 0xbf]);
    let high = 0;
    let known = 0;
    for (const b of body) {
      if (b < 0x80) continue;
      high++;
      if (polish.has(b)) known++;
    }
    const controls = body.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
    if (!controls && high > 0 && known / high >= 0.6) return new TextDecoder('windows-1250').decode(body);
    throw apiError(422, 'importFile.encoding', { source: { parameter: 'file' } });
  }
}

function checkShape(headers: string[], rows: { number: number; cells: string[] }[]): void {
  if (rows.length === 0) throw apiError(422, 'importFile.empty', { source: { parameter: 'file' } });
  if (rows.length > IMPORT_LIMITS.rows) throw apiError(413, 'importTooManyRows', { values: { max: IMPORT_LIMITS.rows }, source: { parameter: 'file' }, params: { max: IMPORT_LIMITS.rows } });
  const long: ReturnType<typeof errorSpec>[] = [];
  for (const row of rows)
    row.cells.forEach((cell, i) => {
      if (cell.length > IMPORT_LIMITS.cellChars && long.length < 50) {
        const column = headers[i] ?? columnLetters(i);
        long.push(
          errorSpec(422, 'importCellTooLong', {
            values: { row: row.number, column, max: IMPORT_LIMITS.cellChars },
            source: { pointer: `/rows/${row.number}/${column}` },
            params: { row: row.number, column, max: IMPORT_LIMITS.cellChars },
          }),
        );
      }
    });
  if (long.length) throw ApiError.many(long);
}

/** Header cells: trimmed, blank ones named by their column's letter, repeated ones numbered. */
function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    let name = cell.replace(/\s+/g, ' ').trim() || columnLetters(i);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n > 1) name = `${name} (${n})`;
    return name;
  });
}

function tooManyColumns(rowNumber: number): ApiError {
  return apiError(413, 'importTooManyColumns', {
    values: { count: rowNumber, max: IMPORT_LIMITS.columns },
    source: { parameter: 'file' },
    params: { row: rowNumber, max: IMPORT_LIMITS.columns },
  });
}

/** A CSV file: delimiter `,` or `;` (or a tab) detected from the header line. */
export function parseCsv(bytes: Buffer): ParsedFile {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const delimiter = counts.reduce((best, c) => (c[1] > best[1] ? c : best), counts[0])[0];
  const rows: string[][] = [];
  let tooWide = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      const cells = result.data;
      if (cells.length > IMPORT_LIMITS.columns) {
        tooWide = rows.length + 1;
        parser.abort();
        return;
      }
      rows.push(cells);
      if (rows.length > IMPORT_LIMITS.rows + 1) parser.abort();
    },
  });
  if (tooWide) throw tooManyColumns(tooWide);
  if (!rows.length) throw apiError(422, 'importFile.empty', { source: { parameter: 'file' } });
  const headers = headerNames(rows[0]);
  const data = rows.slice(1).map((cells, i) => ({ number: i + 2, cells: headers.map((_, c) => (cells[c] ?? '').trim()) }));
  // A row with more cells than the header: its extra cells have no column to go to.
  checkShape(headers, data);
  return { format: 'csv', headers, rows: data };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value as text: dates as ISO dates (with the time when there is one), times of day as HH:MM. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const y = value.getUTCFullYear();
    const date = `${y}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    // Excel keeps a time alone as a date on 30 December 1899.
    if (y === 1899 && value.getUTCMonth() === 11 && value.getUTCDate() === 30) return time;
    return time === '00:00' ? date : `${date} ${time}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * The first worksheet of an XLSX workbook; a cell holding a formula is refused by its address.
 * exceljs sees only that sheet and what it needs, inflated within limits (xlsx-zip.ts): a zip
 * bomb is refused (413 importFileInflated) before it takes memory.
 */
export async function parseXlsx(bytes: Buffer): Promise<ParsedFile> {
  const slim = firstSheetWorkbook(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(slim as unknown as ArrayBuffer);
  } catch (err) {
    throw apiError(422, 'importFile.spreadsheet', { values: { reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown' }, source: { parameter: 'file' } });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw apiError(422, 'importFile.empty', { source: { parameter: 'file' } });
  if (sheet.actualColumnCount > IMPORT_LIMITS.columns || sheet.columnCount > IMPORT_LIMITS.columns) {
    let widest = 1;
    sheet.eachRow((row, n) => {
      if (row.cellCount > IMPORT_LIMITS.columns && widest === 1) widest = n;
    });
    throw tooManyColumns(widest);
  }
  if (sheet.actualRowCount > IMPORT_LIMITS.rows + 1)
    throw apiError(413, 'importTooManyRows', { values: { max: IMPORT_LIMITS.rows }, source: { parameter: 'file' }, params: { max: IMPORT_LIMITS.rows } });
  const raw: { number: number; cells: string[] }[] = [];
  let formula: string | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (cell.type === ExcelJS.ValueType.Formula) formula ??= cell.address;
      cells[col - 1] = cellText(cell.type === ExcelJS.ValueType.Formula ? null : cell.value).trim();
    });
    raw.push({ number, cells: Array.from(cells, (c) => c ?? '') });
  });
  if (formula) throw apiError(422, 'importFormula', { values: { cell: formula }, source: { parameter: 'file' }, params: { cell: formula } });
  if (!raw.length) throw apiError(422, 'importFile.empty', { source: { parameter: 'file' } });
  const [head, ...body] = raw;
  const headers = headerNames(head.cells);
  const rows = body.filter((r) => r.cells.some((c) => c !== '')).map((r) => ({ number: r.number, cells: headers.map((_, c) => r.cells[c] ?? '') }));
  checkShape(headers, rows);
  return { format: 'xlsx', headers, rows };
}

/** CSV or XLSX by content (an XLSX is a zip); anything else that is not text is refused. */
export async function parseImportFile(bytes: Buffer, fileName: string): Promise<ParsedFile> {
  if (bytes.length === 0) throw apiError(422, 'importFile.empty', { source: { parameter: 'file' } });
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return parseXlsx(bytes);
  // Old binary Excel (.xls), PDF, images…: neither CSV nor XLSX.
  if (/\.(xls|xlsm|ods|pdf|docx?)$/i.test(fileName) || bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])) || bytes.subarray(0, 4).toString('latin1') === '%PDF')
    throw apiError(415, 'importFile.format', { source: { parameter: 'file' } });
  return parseCsv(bytes);
}
