import { csvLine, type SurveyResults } from '@umpire/schema';
import { csvFile } from '../../framework/generic/csv';

/** The results as GET /surveys/{id}/results answers them. */
export interface SurveyResultsRecord extends SurveyResults {
  id: string;
  open: boolean;
}

/** While a survey takes answers, the results are fetched again this long after a burst of new ones starts. */
export const LIVE_REFRESH_MS = 1000;

/**
 * The results as CSV: one row per option (question, answer, count, share of those who answered),
 * then the free-text answers, which fans wrote: each cell neutralised (csvCell) so none runs as a formula.
 */
export function resultsCsv(results: SurveyResults, label: (key: 'question' | 'answer' | 'count' | 'percentage' | 'respondents') => string): string {
  const lines = [csvLine([label('question'), label('answer'), label('count'), label('percentage')])];
  for (const q of results.questions) {
    for (const a of q.answers) lines.push(csvLine([q.prompt, a.text, a.count, a.percentage]));
    for (const text of q.texts) lines.push(csvLine([q.prompt, text, '', '']));
  }
  lines.push(csvLine([label('respondents'), '', results.respondents, '']));
  return csvFile(lines);
}
