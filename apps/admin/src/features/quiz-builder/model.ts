/**
 * The quiz builder's rules, apart from the screens: what a question needs before it is saved, the
 * writes that turn the stored answers into the edited ones, new positions after a move, and the
 * prize of a rank.
 */
export interface AnswerDraft {
  id?: string;
  text?: string | null;
  is_correct?: boolean | null;
  image_id?: string | null;
}

export interface QuestionDraft {
  id?: string;
  text?: string | null;
  image_id?: string | null;
  answers?: AnswerDraft[];
}

export type QuestionIssue = 'needTwoAnswers' | 'noCorrect';

/** A question is worth asking with two answers or more, one of them at least correct. */
export function questionIssue(draft: QuestionDraft): QuestionIssue | null {
  const answers = (draft.answers ?? []).filter((a) => (a.text ?? '').trim() !== '');
  if (answers.length < 2) return 'needTwoAnswers';
  if (!answers.some((a) => a.is_correct)) return 'noCorrect';
  return null;
}

export interface AnswerWrites {
  create: (AnswerDraft & { position: number })[];
  update: (AnswerDraft & { id: string; position: number })[];
  remove: string[];
}

/** The answer writes of a saved question: new ones created, changed ones (or moved ones) updated, dropped ones deleted. */
export function answerWrites(stored: readonly (AnswerDraft & { id: string; position?: number })[], edited: readonly AnswerDraft[]): AnswerWrites {
  const before = new Map(stored.map((a) => [a.id, a]));
  const kept = new Set<string>();
  const out: AnswerWrites = { create: [], update: [], remove: [] };
  edited.forEach((answer, position) => {
    const old = answer.id ? before.get(answer.id) : undefined;
    if (!old) {
      out.create.push({ text: answer.text, is_correct: !!answer.is_correct, image_id: answer.image_id ?? null, position });
      return;
    }
    kept.add(old.id);
    const changed =
      (old.text ?? '') !== (answer.text ?? '') || !!old.is_correct !== !!answer.is_correct || (old.image_id ?? null) !== (answer.image_id ?? null) || old.position !== position;
    if (changed) out.update.push({ id: old.id, text: answer.text, is_correct: !!answer.is_correct, image_id: answer.image_id ?? null, position });
  });
  for (const a of stored) if (!kept.has(a.id)) out.remove.push(a.id);
  return out;
}

/** After moving item `from` to `to`: the ids whose position changes, with their new position (0-based order). */
export function movedPositions(items: readonly { id: string; position?: number }[], from: number, to: number): { id: string; position: number }[] {
  const order = [...items];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return order.map((item, position) => ({ id: item.id, position, was: item.position })).filter((x) => x.was !== x.position).map(({ id, position }) => ({ id, position }));
}

export interface PrizeRange {
  name: string;
  rank_from: number;
  rank_to: number;
}

/** The prize of a place in the ranking (the first range that holds it), if any. */
export function prizeForRank<T extends PrizeRange>(prizes: readonly T[], rank: number): T | undefined {
  return [...prizes].sort((a, b) => a.rank_from - b.rank_from).find((p) => rank >= p.rank_from && rank <= p.rank_to);
}
