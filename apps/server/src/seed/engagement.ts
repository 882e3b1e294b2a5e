import type { Database, DB } from '../db/database';
import '../rules';
import type { WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { createRecord } from '../jsonapi/write';

const DAY = 86_400_000;

interface DemoSurvey {
  title: string;
  description: string;
  status: 'draft' | 'published' | 'closed';
  opensIn: number;
  closesIn: number;
  questions: { prompt: string; kind: 'single' | 'multiple' | 'text'; required?: boolean; options?: string[] }[];
  /** Per demo fan (DEMO_FANS, in order): for each question an option index (or indexes), or a text. */
  answers: (number | number[] | string)[][];
}

const SURVEYS: DemoSurvey[] = [
  {
    title: 'Piłkarz miesiąca — październik',
    description: 'Wybierz zawodnika, który w październiku grał najlepiej w Ekstraklasie.',
    status: 'published',
    opensIn: -7,
    closesIn: 14,
    questions: [
      { prompt: 'Kto był najlepszym piłkarzem października?', kind: 'single', required: true, options: ['Bramkarz Legii', 'Napastnik Lecha', 'Pomocnik Rakowa', 'Obrońca Jagiellonii'] },
      { prompt: 'Co najbardziej cenisz u piłkarza?', kind: 'multiple', options: ['Gole i asysty', 'Walka do końca', 'Technika', 'Postawa poza boiskiem'] },
      { prompt: 'Uzasadnij swój wybór (opcjonalnie)', kind: 'text' },
    ],
    answers: [
      [1, [0, 1], 'Trzy gole w dwóch meczach, bez dyskusji.'],
      [1, [0], ''],
      [2, [2, 3], 'Rozgrywa jak nikt w lidze.'],
      [0, [1], ''],
      [1, [0, 2], 'Najskuteczniejszy w lidze.'],
    ],
  },
  {
    title: 'Oprawa meczów na stadionach',
    description: 'Pomóż nam ulepszyć dzień meczowy: co sprawia Ci największą radość na trybunach?',
    status: 'published',
    opensIn: -3,
    closesIn: 4,
    questions: [
      { prompt: 'Jak oceniasz atmosferę na ostatnim meczu?', kind: 'single', required: true, options: ['Świetna', 'Dobra', 'Przeciętna', 'Słaba'] },
      { prompt: 'Co chcesz zobaczyć przed meczem?', kind: 'multiple', options: ['Pokaz świateł', 'Koncert', 'Strefa rodzinna', 'Spotkania z piłkarzami'] },
    ],
    answers: [
      [0, [0, 3]],
      [1, [2]],
      [0, [3]],
    ],
  },
  {
    title: 'Nowa koszulka wyjazdowa',
    description: 'Który projekt koszulki wyjazdowej podoba Ci się najbardziej?',
    status: 'draft',
    opensIn: 7,
    closesIn: 21,
    questions: [{ prompt: 'Wybierz projekt', kind: 'single', required: true, options: ['Projekt A — biało-zielony', 'Projekt B — granatowy', 'Projekt C — czarny'] }],
    answers: [],
  },
];

/** Demo fans' comments (`fan` and `reports` are indexes of DEMO_FANS) and where moderation left them. */
export const DEMO_COMMENTS: { on: 'article' | 'match'; index: number; fan: number; body: string; status: 'approved' | 'pending' | 'hidden'; reports?: number[] }[] = [
  { on: 'article', index: 0, fan: 0, body: 'Rzut karny był ewidentny, VAR dobrze zadziałał.', status: 'approved' },
  { on: 'article', index: 0, fan: 1, body: 'Świetny mecz, emocje do samego końca!', status: 'approved' },
  { on: 'article', index: 0, fan: 2, body: 'Sędzia znowu skrzywdził gości, skandal.', status: 'approved', reports: [0, 3] },
  { on: 'article', index: 1, fan: 3, body: 'Szybkiego powrotu do zdrowia, kapitanie!', status: 'approved' },
  { on: 'article', index: 2, fan: 4, body: 'Będę na trybunach, bilety już kupione.', status: 'pending' },
  { on: 'article', index: 3, fan: 5, body: 'Wielki talent, oby został w lidze jak najdłużej.', status: 'pending' },
  { on: 'match', index: 0, fan: 0, body: 'Druga połowa dużo lepsza w naszym wykonaniu.', status: 'approved' },
  { on: 'match', index: 0, fan: 3, body: 'Trener powinien szybciej zrobić zmiany.', status: 'pending' },
  { on: 'match', index: 1, fan: 1, body: 'Reklama: tanie bilety tylko u mnie, piszcie prywatnie!!!', status: 'hidden', reports: [2] },
  { on: 'match', index: 1, fan: 4, body: 'Kibice dali dziś świetny doping.', status: 'pending' },
];

const link = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

/** A demo survey as its fans answer it through the fan API: per fan, the answers' items. */
export interface DemoSurveyAnswers {
  id: string;
  opensAt: number;
  answers: ({ question_id: string; text: string } | { question_id: string; answer_ids: string[] })[][];
}

/**
 * The demo surveys with their questions and options, made as staff make them; the fans' answers
 * (DemoSurveyAnswers) are sent through the fan API afterwards (seedFanSeason).
 */
export async function seedDemoSurveys(db: DB, dialect: Database['dialect'], clientId: number, now: Date): Promise<DemoSurveyAnswers[]> {
  const staff: WriteContext = { db, dialect, clientId, apiBase: '', actor: 'demo', events: [] };
  const out: DemoSurveyAnswers[] = [];
  for (const survey of SURVEYS) {
    const opensAt = now.getTime() + survey.opensIn * DAY;
    const created = await createRecord(staff, modelOf('surveys'), {
      data: {
        type: 'surveys',
        attributes: {
          title: survey.title,
          description: survey.description,
          status: survey.status,
          opens_at: new Date(opensAt).toISOString(),
          closes_at: new Date(now.getTime() + survey.closesIn * DAY).toISOString(),
        },
      },
    });
    const questions: { id: string; options: string[] }[] = [];
    for (const [qi, q] of survey.questions.entries()) {
      const question = await createRecord(staff, modelOf('survey_questions'), {
        data: { type: 'survey_questions', attributes: { prompt: q.prompt, kind: q.kind, required: q.required ?? false, position: qi + 1 }, relationships: { survey: link('surveys', created.id as number) } },
      });
      const options: string[] = [];
      for (const [oi, text] of (q.options ?? []).entries()) {
        const option = await createRecord(staff, modelOf('survey_answers'), {
          data: { type: 'survey_answers', attributes: { text, position: oi + 1 }, relationships: { question: link('survey_questions', question.id as number) } },
        });
        options.push(String(option.id));
      }
      questions.push({ id: String(question.id), options });
    }
    const answers = survey.answers.map((answer) =>
      answer
        .map((a, qi) =>
          typeof a === 'string'
            ? { question_id: questions[qi].id, text: a }
            : { question_id: questions[qi].id, answer_ids: (Array.isArray(a) ? a : [a]).map((o) => questions[qi].options[o]) },
        )
        .filter((a) => !('text' in a) || a.text !== ''),
    );
    out.push({ id: String(created.id), opensAt, answers });
  }
  return out;
}
