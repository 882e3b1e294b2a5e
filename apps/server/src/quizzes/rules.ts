import { hideFromReaders } from '../content/current-page';
import { fieldError } from '../jsonapi/messages';
import { defineRules } from '../jsonapi/rules';
import { fromDb } from '../db/values';

// A quiz closes after it opens.
defineRules('quizzes', {
  async validate(_ctx, { row }) {
    const from = fromDb('datetime', row.open_from) as string | null;
    const until = fromDb('datetime', row.open_until) as string | null;
    if (from && until && Date.parse(until) <= Date.parse(from)) return [fieldError('/data/attributes/open_until', 'open_until', 'quizWindowOrder')];
    return [];
  },
});

// A prize covers ranks from rank_from to rank_to.
defineRules('quiz_prizes', {
  async validate(_ctx, { row }) {
    if (Number(row.rank_to) < Number(row.rank_from)) return [fieldError('/data/attributes/rank_to', 'rank_to', 'prizeRankOrder')];
    return [];
  },
});

// Pages and articles show a quiz to fans once it is published (editors' previews show it before).
hideFromReaders('quizzes', (row) => fromDb('boolean', row.is_published) !== true);
