/**
 * The survey question editor's rules, apart from its screen: what a question needs before it is
 * saved, and the option writes that turn the stored options into the edited ones.
 */
export type SurveyQuestionKind = 'single' | 'multiple' | 'text';

export interface OptionDraft {
  id?: string;
  text?: string | null;
}

export interface SurveyQuestionDraft {
  id?: string;
  prompt?: string | null;
  kind?: SurveyQuestionKind;
  required?: boolean;
  options?: OptionDraft[];
}

/** A choice question offers two options or more; a free-text one none (its options are dropped). */
export function surveyQuestionIssue(draft: SurveyQuestionDraft): 'needTwoOptions' | null {
  if (draft.kind === 'text') return null;
  return filledOptions(draft).length < 2 ? 'needTwoOptions' : null;
}

/** The options that will be saved: none for free text, the non-empty ones otherwise. */
export function filledOptions(draft: SurveyQuestionDraft): OptionDraft[] {
  return draft.kind === 'text' ? [] : (draft.options ?? []).filter((o) => (o.text ?? '').trim() !== '');
}

export interface OptionWrites {
  create: { text: string; position: number }[];
  update: { id: string; text: string; position: number }[];
  remove: string[];
}

/** New options created, changed (or moved) ones updated, dropped ones deleted; positions from 1 in the edited order. */
export function optionWrites(stored: readonly { id: string; text: string; position: number }[], edited: readonly OptionDraft[]): OptionWrites {
  const before = new Map(stored.map((o) => [o.id, o]));
  const kept = new Set<string>();
  const out: OptionWrites = { create: [], update: [], remove: [] };
  edited.forEach((option, i) => {
    const position = i + 1;
    const text = (option.text ?? '').trim();
    const old = option.id ? before.get(option.id) : undefined;
    if (!old) {
      out.create.push({ text, position });
      return;
    }
    kept.add(old.id);
    if (old.text !== text || old.position !== position) out.update.push({ id: old.id, text, position });
  });
  for (const o of stored) if (!kept.has(o.id)) out.remove.push(o.id);
  return out;
}
