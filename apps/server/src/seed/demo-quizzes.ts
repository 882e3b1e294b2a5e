import type { DB, Dialect } from '../db/database';
import { toDb } from '../db/values';

interface Writer {
  readonly db: DB;
  readonly dialect: Dialect;
  readonly clientId: number;
  insert(table: string, values: Record<string, unknown>): Promise<number>;
}

type Question = [text: string, answers: [text: string, correct?: boolean][]];

const DAY = 24 * 3600 * 1000;

/** Two published quizzes in Polish (the league's history, the current season's rules) and a draft. */
function demoQuizzes(seasonName: string) {
  return [
    {
      title: 'Historia Ekstraklasy',
      description: 'Mistrzowie, rekordy i wielkie chwile polskiej ligi. Jedno podejście, dwie minuty — powodzenia!',
      time_limit_seconds: 120,
      published: true,
      prizes: [
        ['Koszulka meczowa z autografami', 1, 1, 'Koszulka wybranego klubu Ekstraklasy z podpisami drużyny.'],
        ['Dwa bilety na mecz kolejki', 2, 3, 'Bilety na wybrany mecz rundy wiosennej.'],
        ['Szalik Ekstraklasy', 4, 10, null],
      ] as [string, number, number, string | null][],
      questions: [
        ['Który klub ma najwięcej tytułów mistrza Polski?', [['Legia Warszawa', true], ['Górnik Zabrze'], ['Ruch Chorzów'], ['Wisła Kraków']]],
        ['Kto zdobył mistrzostwo Polski w sezonie 2023/24?', [['Jagiellonia Białystok', true], ['Śląsk Wrocław'], ['Legia Warszawa'], ['Lech Poznań']]],
        ['Które z tych klubów zostawały mistrzem Polski w XXI wieku?', [['Lech Poznań', true], ['Piast Gliwice', true], ['Raków Częstochowa', true], ['Cracovia'], ['Pogoń Szczecin']]],
        ['Kto jest najlepszym strzelcem w historii Ekstraklasy?', [['Ernest Pol', true], ['Lucjan Brychczy'], ['Gerard Cieślik'], ['Flavio Paixão']]],
        ['Który polski klub grał w fazie grupowej Ligi Mistrzów w sezonie 2016/17?', [['Legia Warszawa', true], ['Lech Poznań'], ['Wisła Kraków'], ['Zagłębie Lubin']]],
        ['Kto został mistrzem Polski w sezonie 2022/23?', [['Raków Częstochowa', true], ['Legia Warszawa'], ['Lech Poznań'], ['Pogoń Szczecin']]],
      ] as Question[],
    },
    {
      title: `Sezon ${seasonName}: zasady gry`,
      description: 'Ile drużyn, ile kolejek, ile punktów? Sprawdź, czy znasz zasady bieżącego sezonu Ekstraklasy.',
      time_limit_seconds: 90,
      published: true,
      prizes: [['Voucher do sklepu Ekstraklasy (200 zł)', 1, 3, 'Do wykorzystania w sklepie internetowym.']] as [string, number, number, string | null][],
      questions: [
        ['Ile drużyn gra w Ekstraklasie?', [['16'], ['18', true], ['20']]],
        ['Ile kolejek liczy sezon przy 18 drużynach?', [['30'], ['34', true], ['38']]],
        ['Ile drużyn spada po sezonie do I ligi?', [['2'], ['3', true], ['4']]],
        ['Ile punktów daje zwycięstwo?', [['2'], ['3', true]]],
        ['Które wyniki dają drużynie punkty?', [['Zwycięstwo', true], ['Remis', true], ['Porażka']]],
      ] as Question[],
    },
    {
      title: 'Legendy polskich stadionów (szkic)',
      description: 'Quiz w przygotowaniu: jeszcze niewidoczny dla kibiców.',
      time_limit_seconds: 180,
      published: false,
      prizes: [] as [string, number, number, string | null][],
      questions: [['Na którym stadionie gra Lech Poznań?', [['Enea Stadion', true], ['Stadion Miejski w Białymstoku']]]] as Question[],
    },
  ];
}

export interface DemoQuiz {
  id: number;
  /** Per question: its id, its answers' ids and which of them are correct. */
  questions: { id: number; answers: { id: number; correct: boolean }[] }[];
  published: boolean;
}

/** The demo quizzes with their questions, answers and prizes, open from a month ago to a month ahead. */
export async function seedDemoQuizzes(w: Writer, opts: { now: Date; seasonName: string }): Promise<DemoQuiz[]> {
  const out: DemoQuiz[] = [];
  const at = (offset: number) => toDb(w.dialect, 'datetime', new Date(opts.now.getTime() + offset).toISOString());
  for (const quiz of demoQuizzes(opts.seasonName)) {
    const id = await w.insert('quizzes', {
      title: quiz.title, description: quiz.description, is_published: quiz.published, time_limit_seconds: quiz.time_limit_seconds,
      attempts_per_fan: 1, open_from: at(-30 * DAY), open_until: at(30 * DAY), refused_attempts: 0,
    });
    const questions: DemoQuiz['questions'] = [];
    for (const [position, [text, answers]] of quiz.questions.entries()) {
      const questionId = await w.insert('quiz_questions', { text, position, quiz_id: id });
      const ids: { id: number; correct: boolean }[] = [];
      for (const [i, [answer, correct]] of answers.entries())
        ids.push({ id: await w.insert('quiz_answers', { text: answer, is_correct: !!correct, position: i, quiz_question_id: questionId }), correct: !!correct });
      questions.push({ id: questionId, answers: ids });
    }
    for (const [name, from, to, description] of quiz.prizes) await w.insert('quiz_prizes', { name, rank_from: from, rank_to: to, description, quiz_id: id });
    out.push({ id, questions, published: quiz.published });
  }
  return out;
}
