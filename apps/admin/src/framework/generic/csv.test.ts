import { describe, expect, it } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes cells that need it', () => {
    expect(csvCell('Legia, Warszawa')).toBe('"Legia, Warszawa"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('writes translated headers and the declared fields', () => {
    const teams = manifest.find((r) => r.type === 'teams')!;
    const csv = toCsv(teams, [{ id: '1', name: 'Łódź', kind: 'first', club_id: '7', extra: 'x' }], (s) => s.toUpperCase());
    const [header, row] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe('ID,NAME,SHORT_NAME,KIND,CLUB_ID,IMAGE_ID,CREATED_AT,UPDATED_AT');
    expect(row).toBe('1,Łódź,,first,7,,,');
  });
});
