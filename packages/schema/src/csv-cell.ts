/**
 * One cell of a CSV file that staff open in a spreadsheet (issue 38, point 7): every CSV the admin
 * or the server writes goes through here, since fans write display names, comments and survey
 * answers. A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel,
 * LibreOffice and Google Sheets as a formula (`=HYPERLINK(…)`, `-2+3+cmd|…`), so it gets a leading
 * `'` (OWASP's CSV injection advice): the spreadsheet shows it as text and runs nothing.
 *
 * A number is data, not a formula: `-5` (a goal difference, a deduction) stays `-5`, so the
 * spreadsheet still sums it. Only a JavaScript number or a text that is nothing but a plain
 * decimal number (`-5`, `+1.5`, `-2e3`) is kept so; anything with more after it (`-5+A1`) is
 * prefixed. A lone number cannot call a function or reach another cell, which is what an
 * injection needs.
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The text as a spreadsheet will show it, never as a formula. */
export function neutraliseCsvText(text: string): string {
  return CSV_FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export interface CsvCellOptions {
  /** Quote every cell (`"…"`), not only those holding a separator, a quote or a line break. */
  quoteAll?: boolean;
}

/**
 * A value as one CSV cell: nothing for null and undefined, JSON for objects and arrays, the
 * number as written for a finite number; neutralised, then quoted when it holds `"`, `,`, `;`
 * (Polish Excel's separator) or a line break.
 */
export function csvCell(value: unknown, options: CsvCellOptions = {}): string {
  if (value === null || value === undefined) return options.quoteAll ? '""' : '';
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : neutraliseCsvText(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return options.quoteAll || /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of cells, comma-separated. */
export const csvLine = (values: readonly unknown[], options?: CsvCellOptions): string => values.map((v) => csvCell(v, options)).join(',');
