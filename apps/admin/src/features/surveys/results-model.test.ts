import { describe, expect, it } from 'vitest';
import { resultsCsv } from './results-model';

describe('resultsCsv', () => {
  it('writes a row per option and per free-text answer, quoting what needs it', () => {
    const csv = resultsCsv(
      {
        respondents: 3,
        questions: [
          { id: '1', prompt: 'Kto wygra?', kind: 'single', answered: 3, answers: [{ id: '10', text: 'Legia, "oczywiście"', count: 2, percentage: 66.7 }, { id: '11', text: 'Lech', count: 1, percentage: 33.3 }], texts: [] },
          { id: '2', prompt: 'Uwagi', kind: 'text', answered: 1, answers: [], texts: ['Więcej meczów, proszę'] },
        ],
      },
      (k) => ({ question: 'Pytanie', answer: 'Odpowiedź', count: 'Liczba', percentage: '%', respondents: 'Odpowiedzi razem' })[k],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Pytanie,Odpowiedź,Liczba,%',
      'Kto wygra?,"Legia, ""oczywiście""",2,66.7',
      'Kto wygra?,Lech,1,33.3',
      'Uwagi,"Więcej meczów, proszę",,',
      'Odpowiedzi razem,,3,',
      '',
    ]);
  });

  it('neutralises fans’ answers that a spreadsheet would run as formulas, and keeps numbers', () => {
    const csv = resultsCsv(
      {
        respondents: 2,
        questions: [{ id: '2', prompt: 'Uwagi', kind: 'text', answered: 2, answers: [{ id: '12', text: '+48 600', count: -1, percentage: -50 }], texts: ['=HYPERLINK("http://evil.example","Kliknij")', '@SUM(A1:A2)'] }],
      },
      (k) => k,
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'question,answer,count,percentage',
      `Uwagi,'+48 600,-1,-50`,
      `Uwagi,"'=HYPERLINK(""http://evil.example"",""Kliknij"")",,`,
      `Uwagi,'@SUM(A1:A2),,`,
      'respondents,,2,',
      '',
    ]);
  });
});
