import { describe, expect, it } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { recordsCsv, toCsv } from './csv';

const linesOf = (csv: string) => csv.replace('\uFEFF', '').trim().split('\r\n');

describe('CSV export', () => {
  it('writes translated headers and the declared fields, quoting what needs it', () => {
    const teams = manifest.find((r) => r.type === 'teams')!;
    const csv = toCsv(teams, [{ id: '1', name: 'Łódź', kind: 'first', club_id: '7', extra: 'x' }, { id: '2', name: 'Legia, Warszawa', short_name: 'say "hi"' }], (s) => s.toUpperCase());
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(linesOf(csv)).toEqual(['ID,NAME,SHORT_NAME,KIND,CLUB_ID,IMAGE_ID,CREATED_AT,UPDATED_AT', '1,Łódź,,first,7,,,', '2,"Legia, Warszawa","say ""hi""",,,,,']);
  });

  it('neutralises a cell a spreadsheet would run as a formula, in a declared list and any other', () => {
    const teams = manifest.find((r) => r.type === 'teams')!;
    const [, row] = linesOf(toCsv(teams, [{ id: '1', name: '=HYPERLINK("http://evil.example","Kliknij")', short_name: '@SUM(A1)' }], (s) => s));
    expect(row).toBe(`1,"'=HYPERLINK(""http://evil.example"",""Kliknij"")",'@SUM(A1),,,,,`);

    // A moderated comment: a fan's display name and text, the match it belongs to nested.
    const comments = recordsCsv([
      { id: 5, body: '-2+3+cmd|\' /C calc\'!A0', author_name: '=HYPERLINK("http://evil.example")', score: -5, match: { id: 9, home: { name: '+Legia' } } },
      { id: 6, body: 'Brawo!', author_name: 'Ala', tags: ['=x'] },
    ]);
    expect(linesOf(comments)).toEqual([
      'id,body,author_name,score,match.id,match.home.name,tags',
      `5,'-2+3+cmd|' /C calc'!A0,"'=HYPERLINK(""http://evil.example"")",-5,9,'+Legia,`,
      '6,Brawo!,Ala,,,,"[""=x""]"',
    ]);
  });
});
