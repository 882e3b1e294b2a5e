import type { Database } from '../db/database';
import { WatchedCache } from '../db/watched-cache';
import type { Collation } from '../text/collation';
import type { Row } from '../jsonapi/read';
import type { QuizKey } from './scoring';

/**
 * What every start and attempt of a quiz reads again and staff change rarely: the published quiz
 * (its window, time limit, attempts per fan), its key (questions, answers, the correct ones) and,
 * with SQLite, the client's collation for the attempt's sort columns; and the questions and
 * answers a start shows. Kept until a commit writes
 * their tables (db/watched-cache.ts); a quiz's refused attempts are counted on its row, so a
 * refusal drops the kept quizzes too. With PostgreSQL the collation is still read in the
 * attempt's transaction (FOR SHARE, against a language change on another instance).
 */
export interface QuizCaches {
  /** `${clientId}:${quizId}` → the published quiz. */
  quizzes: WatchedCache<string, Row>;
  /** Quiz id → its questions and answers. */
  keys: WatchedCache<number, QuizKey['questions']>;
  /** Client id → its collation (SQLite only). */
  collations: WatchedCache<number, Collation>;
  /** Quiz id → its questions and answers in order with their images, as a start shows them. */
  questions: WatchedCache<number, { questions: Row[]; answers: Row[]; images: Map<unknown, { id: unknown; path: string; alt_text_pl: string | null; alt_text_en: string | null }> }>;
}

const caches = new WeakMap<Database, QuizCaches>();

export function quizCaches(database: Database): QuizCaches {
  let found = caches.get(database);
  if (!found)
    caches.set(
      database,
      (found = {
        quizzes: new WatchedCache(database, ['quizzes'], 5_000),
        keys: new WatchedCache(database, ['quizzes', 'quiz_questions', 'quiz_answers'], 1_000),
        collations: new WatchedCache(database, ['clients'], 1_000),
        questions: new WatchedCache(database, ['quizzes', 'quiz_questions', 'quiz_answers', 'images'], 1_000),
      }),
    );
  return found;
}
