import type { SurveyResults } from '@umpire/schema';
import { csvCell } from '../../framework/generic/csv';

/** The results as GET /surveys/{id}/results answers them. */
export interface SurveyResultsRecord extends SurveyResults {
  id: string;
  open: boolean;
}

/** While a survey takes answers, the results are fetched again this long after a burst of new ones starts. */
export const LIVE_REFRESH_MS = 1000;

/**
 * The results as CSV: one row per option (question, answer, count, share of those who answered),
 * then the free-text answers. A byte-order mark makes spreadsheets read Polish characters as UTF-8.
 */
export function resultsCsv(results: SurveyResults, label: (key: 'question' | 'answer' | 'count' | 'percentage' | 'respondents') => string): string {
  const lines = [[label('question'), label('answer'), label('count'), label('percentage')].map(csvCell).join(',')];
  for (const q of results.questions) {
    for (const a of q.answers) lines.push([q.prompt, a.text, a.count, a.percentage].map(csvCell).join(','));
    for (const text of q.texts) lines.push([q.prompt, text, '', ''].map(csvCell).join(','));
  }
  lines.push([label('respondents'), '', results.respondents, ''].map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
