import type { Database, DB } from '../db/database';
import '../rules';
import type { WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { toDb } from '../jsonapi/values';
import { createRecord, updateRecord } from '../jsonapi/write';
import { createInContext } from '../fan-api/fan-writes';
import type { Fan } from '../fan-api/fans';
import { reportComment } from '../comments/comment-reports';

const DAY = 86_400_000;
const FANS = ['Kibic z Łodzi', 'Marta K.', 'Zielony Szalik', 'Piotrek_1926', 'Ania z Gdańska', 'Stary Wiarus'];

interface DemoSurvey {
  title: string;
  description: string;
  status: 'draft' | 'published' | 'closed';
  opensIn: number;
  closesIn: number;
  questions: { prompt: string; kind: 'single' | 'multiple' | 'text'; required?: boolean; options?: string[] }[];
  /** Per fan: for each question an option index (or indexes), or a text. */
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

const COMMENTS: { on: 'article' | 'match'; index: number; fan: number; body: string; status: 'approved' | 'pending' | 'hidden'; reports?: number[] }[] = [
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

/**
 * Demo surveys with fans' answers and fans' comments on articles and matches, written through the
 * rules the fan API uses (so results, counts and moderation states are what the app would make).
 */
export async function seedEngagement(db: DB, dialect: Database['dialect'], clientId: number, now: Date): Promise<void> {
  const staff: WriteContext = { db, dialect, clientId, apiBase: '', actor: 'demo', events: [] };
  const stamp = toDb(dialect, 'datetime', now.toISOString());
  const fans: Fan[] = [];
  for (const [i, name] of FANS.entries()) {
    const row = await db
      .insertInto('fans')
      .values({ client_id: clientId, kind: 'device', device_id: `demo-fan-device-${i + 1}-0000`, display_name: name, is_banned: toDb(dialect, 'boolean', false), created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    fans.push({ id: Number(row.id), clientId, kind: 'device', displayName: name, isBanned: false });
  }

  for (const survey of SURVEYS) {
    // Fans answer while it is open; a draft gets its status last (none answer it).
    const created = await createRecord(staff, modelOf('surveys'), {
      data: {
        type: 'surveys',
        attributes: {
          title: survey.title,
          description: survey.description,
          status: survey.status === 'draft' ? 'draft' : 'published',
          opens_at: new Date(now.getTime() + survey.opensIn * DAY).toISOString(),
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
    for (const [fi, answer] of survey.answers.entries()) {
      const answers = answer
        .map((a, qi) =>
          typeof a === 'string'
            ? { question_id: questions[qi].id, text: a }
            : { question_id: questions[qi].id, answer_ids: (Array.isArray(a) ? a : [a]).map((o) => questions[qi].options[o]) },
        )
        .filter((a) => !('text' in a) || a.text !== '');
      await createInContext(staff, fans[fi], 'survey_user_answers', { data: { type: 'survey_user_answers', attributes: { answers }, relationships: { survey: link('surveys', created.id as number) } } });
    }
  }

  const articles = await db
    .selectFrom('article_translations')
    .select('article_id')
    .distinct()
    .where('client_id', '=', clientId)
    .where('locale', '=', 'pl')
    .where('visible', '=', toDb(dialect, 'boolean', true) as boolean)
    .orderBy('article_id')
    .execute();
  const matches = await db.selectFrom('matches').select('id').where('client_id', '=', clientId).where('status', '=', 'finished').orderBy('kickoff_at', 'desc').limit(2).execute();
  for (const c of COMMENTS) {
    const target: unknown = c.on === 'article' ? articles[c.index]?.article_id : matches[c.index]?.id;
    if (target == null) continue;
    const comment = await createInContext(staff, fans[c.fan], 'comments', {
      data: { type: 'comments', attributes: { body: c.body }, relationships: { [c.on]: link(c.on === 'article' ? 'articles' : 'matches', target as number) } },
    });
    const moderate = (status: string) =>
      updateRecord({ ...staff, actor: 'moderator' }, modelOf('comments'), String(comment.id), { data: { type: 'comments', id: String(comment.id), attributes: { status } } });
    // Fans report what they can see (approved, under pre-moderation); the spam is hidden after its report.
    if (c.status !== 'pending') await moderate('approved');
    for (const fi of c.reports ?? []) await reportComment(staff, fans[fi], Number(comment.id));
    if (c.status === 'hidden') await moderate('hidden');
  }
}
