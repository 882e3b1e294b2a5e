// Makes the XLSX samples of imports (samples/*.xlsx) from their CSV twins, so they can be re-made:
//   node scripts/make-import-samples.mjs
// Dates become real date cells (as spreadsheets keep them), scores and times stay text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const ExcelJS = require('exceljs');
const samples = fileURLToPath(new URL('../samples/', import.meta.url));

/** dd.mm.yyyy → a date cell (midnight UTC, as Excel stores a day). */
const asDate = (text) => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  return m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))) : text;
};

async function make(name, delimiter, sheetName) {
  const lines = readFileSync(`${samples}${name}.csv`, 'utf8').split(/\r?\n/).filter(Boolean);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Umpire';
  // A fixed date keeps the file the same each time it is made.
  workbook.created = workbook.modified = new Date(Date.UTC(2026, 10, 27));
  const sheet = workbook.addWorksheet(sheetName);
  lines.forEach((line, i) => {
    const cells = line.split(delimiter);
    sheet.addRow(i === 0 ? cells : cells.map((c) => asDate(c)));
  });
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  sheet.eachRow((row) => row.eachCell((cell) => {
    if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
  }));
  await workbook.xlsx.writeFile(`${samples}${name}.xlsx`);
  console.log(`samples/${name}.xlsx`);
}

await make('fixtures-ekstraklasa', ';', 'Terminarz');
await make('players-ekstraklasa', ',', 'Zawodnicy');
