import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, partOf, SHARED_STRINGS_HEAD, workbookParts, zipOf } from '../../test/support/zip-writer';
import { ApiError } from '../jsonapi/errors';
import { parseXlsx } from './parse';
import { centralDirectory, firstSheetWorkbook, XLSX_LIMITS } from './xlsx-zip';

const errorOf = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.errors[0].status, id: e.errors[0].id, source: e.errors[0].source };
    return { thrown: String(e) };
  }
  return null;
};

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

describe('an XLSX zip, read within limits', () => {
  it('refuses a workbook whose directory declares more than the limit, before inflating anything', async () => {
    // Declared 1 GB, holding 1 byte of deflate: nothing is inflated, so only the directory can say no.
    const bomb = zipOf([...workbookParts(), { ...partOf('xl/sharedStrings.xml', 'x'), size: 1024 ** 3 }]);
    expect(await errorOf(() => centralDirectory(bomb))).toEqual({ status: 413, id: 'importFileInflated', source: { parameter: 'file' } });
    expect(await errorOf(() => parseXlsx(bomb))).toMatchObject({ status: 413, id: 'importFileInflated' });
    // So does one entry at the limit beside others.
    const atLimit = zipOf([...workbookParts(), { ...partOf('xl/media/image1.png', 'x'), size: XLSX_LIMITS.inflatedBytes }]);
    expect(await errorOf(() => centralDirectory(atLimit))).toMatchObject({ id: 'importFileInflated' });
  });

  it('stops an entry that lies about its size where its word ends, without inflating the rest', async () => {
    // 256 MB of zeros declared as 2 kB: read in full it would take 256 MB (and exceljs's string of it twice that).
    const zeros = await deflatedZeros('xl/sharedStrings.xml', 256 * 1024 * 1024, SHARED_STRINGS_HEAD);
    const liar = zipOf([...workbookParts(), { ...zeros, size: 2048 }]);
    const before = rssMb();
    expect(await errorOf(() => parseXlsx(liar))).toEqual({ status: 413, id: 'importFileInflated', source: { parameter: 'file' } });
    // Loosely: the process did not take the 256 MB.
    expect(rssMb() - before).toBeLessThan(128);
  });

  it('reads only the first worksheet: the others are not even inflated', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Kluby');
    first.addRow(['Nazwa', 'Miasto']);
    first.addRow(['Legia Warszawa', 'Warszawa']);
    const second = workbook.addWorksheet('Notatki');
    second.addRow(['Nazwa', 'Uwagi']);
    second.addRow(['Lech Poznań', 'nie importować']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const names = centralDirectory(firstSheetWorkbook(bytes)).map((e) => e.name);
    expect(names).toContain('xl/worksheets/sheet1.xml');
    expect(names).not.toContain('xl/worksheets/sheet2.xml');
    expect(await parseXlsx(bytes)).toEqual({ format: 'xlsx', headers: ['Nazwa', 'Miasto'], rows: [{ number: 2, cells: ['Legia Warszawa', 'Warszawa'] }] });
  });

  it('keeps what the first sheet points to: a hyperlink, a comment, a table, an image; dates stay dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Kluby');
    sheet.addRow(['Nazwa', 'Strona', 'Założony']);
    sheet.addRow(['Legia', { text: 'legia.com', hyperlink: 'https://legia.com' }, new Date(Date.UTC(1916, 2, 1))]);
    sheet.getCell('A2').note = 'Mistrz';
    sheet.addTable({ name: 'T1', ref: 'E1', columns: [{ name: 'X' }], rows: [['a']] });
    const image = workbook.addImage({ buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') as unknown as ExcelJS.Buffer, extension: 'png' });
    sheet.addImage(image, 'G1:H2');
    workbook.addWorksheet('Inne').addRow(['x']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const names = centralDirectory(firstSheetWorkbook(bytes)).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['xl/worksheets/_rels/sheet1.xml.rels', 'xl/comments1.xml', 'xl/tables/table1.xml', 'xl/media/image1.png']));
    expect(names.filter((n) => n.endsWith('/') || n.startsWith('docProps/') || n.includes('theme') || n.includes('sheet2'))).toEqual([]);
    expect(await parseXlsx(bytes)).toEqual({ format: 'xlsx', headers: ['Nazwa', 'Strona', 'Założony', 'D', 'X'], rows: [{ number: 2, cells: ['Legia', 'legia.com', '1916-03-01', '', 'a'] }] });
  });

  it('takes the first sheet in the workbook’s order, not the zip’s', async () => {
    // sheet2.xml is listed first in workbook.xml (the user moved the tab to the front).
    const parts = workbookParts().map((p) =>
      p.name === 'xl/workbook.xml'
        ? partOf(p.name, '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Front" sheetId="2" r:id="rId3"/><sheet name="Kluby" sheetId="1" r:id="rId1"/></sheets></workbook>')
        : p.name === 'xl/_rels/workbook.xml.rels'
          ? partOf(p.name, '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Target="/xl/worksheets/sheet2.xml" Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
          : p,
    );
    parts.push(partOf('xl/sharedStrings.xml', `${SHARED_STRINGS_HEAD}Nazwa</t></si></sst>`));
    parts.push(partOf('xl/worksheets/sheet2.xml', '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Klub</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Lech</t></is></c></row></sheetData></worksheet>'));
    expect(await parseXlsx(zipOf(parts))).toEqual({ format: 'xlsx', headers: ['Klub'], rows: [{ number: 2, cells: ['Lech'] }] });
  });
});
