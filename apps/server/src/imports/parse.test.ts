import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../jsonapi/errors';
import { columnLetters, decodeText, parseCsv, parseImportFile, IMPORT_LIMITS } from './parse';

const keyOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ApiError ? e.errors[0].id : String(e);
  }
  return null;
};

describe('reading files', () => {
  it('decodes UTF-8 with or without its mark, and Windows-1250', () => {
    expect(decodeText(Buffer.from('\ufeffŁódź', 'utf8'))).toBe('Łódź');
    expect(decodeText(Buffer.from('Łódź', 'utf8'))).toBe('Łódź');
    expect(decodeText(Buffer.from([0xa3, 0xf3, 0x64, 0x9f]))).toBe('Łódź');
    expect(keyOf(() => decodeText(Buffer.from('Łódź', 'utf16le')))).toBe('importFile.encoding');
  });

  it('reads CSV with ; or , and names blank and repeated headers', () => {
    expect(parseCsv(Buffer.from('A;B\n1;2\n'))).toEqual({ format: 'csv', headers: ['A', 'B'], rows: [{ number: 2, cells: ['1', '2'] }] });
    expect(parseCsv(Buffer.from('A,,A\n"x, y",2,3\n\n'))).toEqual({ format: 'csv', headers: ['A', 'B', 'A (2)'], rows: [{ number: 2, cells: ['x, y', '2', '3'] }] });
    expect(columnLetters(0)).toBe('A');
    expect(columnLetters(27)).toBe('AB');
  });

  it('refuses too many columns, long cells and empty files', () => {
    expect(keyOf(() => parseCsv(Buffer.from(`${'a;'.repeat(IMPORT_LIMITS.columns + 1)}\n`)))).toBe('importTooManyColumns');
    expect(keyOf(() => parseCsv(Buffer.from(`A\n${'x'.repeat(IMPORT_LIMITS.cellChars + 1)}\n`)))).toBe('importCellTooLong');
    expect(keyOf(() => parseCsv(Buffer.from('A;B\n')))).toBe('importFile.empty');
  });

  it('reads the first worksheet of an XLSX with dates as dates, and refuses formulas by cell', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['Data', 'Godzina', 'Nazwa']);
    sheet.addRow([new Date(Date.UTC(2026, 4, 2)), '18:00', 'Legia']);
    const file = await parseImportFile(Buffer.from(await workbook.xlsx.writeBuffer()), 'f.xlsx');
    expect(file).toEqual({ format: 'xlsx', headers: ['Data', 'Godzina', 'Nazwa'], rows: [{ number: 2, cells: ['2026-05-02', '18:00', 'Legia'] }] });
    sheet.getCell('C2').value = { formula: 'A1', result: 'x' };
    await expect(parseImportFile(Buffer.from(await workbook.xlsx.writeBuffer()), 'f.xlsx')).rejects.toMatchObject({ errors: [{ id: 'importFormula', values: { cell: 'C2' } }] });
    await expect(parseImportFile(Buffer.from('%PDF-1.4'), 'x.pdf')).rejects.toMatchObject({ errors: [{ id: 'importFile.format' }] });
  });
});
