import type { Database, DB } from '../db/database';
import { richTextFromParagraphs } from '@umpire/schema';
import { foldForSearch } from '../text/collation';
import { toDb } from '../db/values';
import '../articles/articles';
import { refreshPublication } from '../publication/publication';

interface DemoArticle {
  pl: { title: string; lead: string; body: string[] };
  en?: { title: string; lead: string; body: string[] };
  category: string;
  tags: string[];
  /** Days from now the Polish version starts (negative: already out); null: a draft. */
  from: number | null;
}

const DAY = 86_400_000;

/** Twenty articles of league news in Polish, half of them in English too; three wait for their window. */
export const DEMO_ARTICLES: DemoArticle[] = [
  { category: 'relacje', tags: ['Skróty meczów'], from: -1, pl: { title: 'Legia wygrywa hit kolejki z Lechem', lead: 'Przy Łazienkowskiej padły trzy gole, a zwycięstwo dał rzut karny w 88. minucie.', body: ['Mecz na szczycie tabeli nie zawiódł kibiców. Legia Warszawa prowadziła do przerwy po golu głową, Lech Poznań wyrównał tuż po zmianie stron.', 'O wyniku zdecydował rzut karny podyktowany po analizie VAR. Pewnym strzałem w środek bramki popisał się kapitan gospodarzy.'] }, en: { title: 'Legia beat Lech in the match of the round', lead: 'Three goals at Łazienkowska, and an 88th-minute penalty settled it.', body: ['The top-of-the-table clash lived up to its billing. Legia led at the break with a header; Lech levelled just after the restart.', 'A penalty awarded after a VAR review decided it, the home captain scoring down the middle.'] } },
  { category: 'aktualnosci', tags: ['Kontuzje'], from: -2, pl: { title: 'Raków bez kapitana na dwa tygodnie', lead: 'Uraz mięśnia dwugłowego wyklucza lidera pomocy z najbliższych spotkań.', body: ['Badania potwierdziły naderwanie mięśnia dwugłowego uda. Sztab medyczny szacuje przerwę na około dwa tygodnie.', 'Trener zapowiada rotację w środku pola i szansę dla młodszych zawodników.'] } },
  { category: 'zapowiedzi', tags: ['Statystyki'], from: -1, pl: { title: 'Zapowiedź: Jagiellonia podejmie Pogoń', lead: 'W Białymstoku zmierzą się drużyny, które strzelają najwięcej goli w lidze.', body: ['Jagiellonia jest niepokonana u siebie od ośmiu spotkań. Pogoń wygrała trzy ostatnie mecze wyjazdowe.', 'Początek spotkania w sobotę o 17:30. Bilety są jeszcze dostępne w kasach stadionu.'] }, en: { title: 'Preview: Jagiellonia host Pogoń', lead: 'The two highest-scoring sides in the league meet in Białystok.', body: ['Jagiellonia are unbeaten at home in eight. Pogoń have won their last three away games.', 'Kick-off is on Saturday at 17:30. Tickets are still on sale at the ground.'] } },
  { category: 'wywiady', tags: ['Wywiady', 'Młodzież'], from: -3, pl: { title: '„Chcę grać co tydzień” — rozmowa z debiutantem Górnika', lead: 'Dziewiętnastolatek opowiada o pierwszym golu w Ekstraklasie i pracy z trenerem.', body: ['Pierwszy gol w lidze to coś, o czym marzyłem od dziecka. Kiedy piłka wpadła do siatki, nie wiedziałem, gdzie biec.', 'Trener daje nam, młodym, dużo zaufania. Na treningach nie ma taryfy ulgowej, ale to nas rozwija.'] }, en: { title: '“I want to play every week” — Górnik’s debutant speaks', lead: 'The 19-year-old on his first Ekstraklasa goal and working with the coach.', body: ['Scoring in the league is something I dreamt of as a child. When the ball went in, I did not know where to run.', 'The coach trusts us young players. Training is demanding, and that is how we improve.'] } },
  { category: 'aktualnosci', tags: ['Transfery'], from: -4, pl: { title: 'Cracovia potwierdza transfer napastnika', lead: 'Nowy zawodnik podpisał kontrakt do czerwca 2028 roku.', body: ['Klub z Krakowa doszedł do porozumienia z dotychczasowym pracodawcą zawodnika. Kwota transferu nie została ujawniona.', 'Napastnik dołączy do drużyny po zakończeniu badań medycznych.'] } },
  { category: 'relacje', tags: ['Skróty meczów', 'Kibice'], from: -5, pl: { title: 'Widzew remisuje z Zagłębiem przy komplecie widzów', lead: 'Na stadionie w Łodzi zasiadło ponad 18 tysięcy kibiców.', body: ['Spotkanie zakończyło się remisem 1:1. Obie bramki padły w pierwszym kwadransie.', 'Doping kibiców Widzewa niósł drużynę do ostatniego gwizdka, ale zwycięskiego gola zabrakło.'] }, en: { title: 'Widzew held by Zagłębie in front of a full house', lead: 'More than 18,000 fans filled the ground in Łódź.', body: ['The match ended 1–1, both goals coming inside the first quarter of an hour.', 'The home crowd roared Widzew on to the final whistle, but the winner never came.'] } },
  { category: 'aktualnosci', tags: ['Sędziowie'], from: -6, pl: { title: 'Obsada sędziowska najbliższej kolejki', lead: 'Kolegium Sędziów ogłosiło nazwiska arbitrów i zespołów VAR.', body: ['Najciekawszy mecz kolejki poprowadzi arbiter z kategorii FIFA. Na wozie VAR zasiądzie doświadczony sędzia z Krakowa.', 'Pełna lista obsad znajduje się w serwisie ligi.'] } },
  { category: 'ekstraklasa-plus', tags: ['Statystyki'], from: -7, pl: { title: 'Liczby kolejki: rekord podań i najszybszy gol sezonu', lead: 'Przegląd statystyk, które zwróciły uwagę analityków.', body: ['Gol strzelony po 14 sekundach jest najszybszym trafieniem sezonu. Padł po pierwszym ataku gospodarzy.', 'Jedna z drużyn wymieniła w meczu 712 podań — to najlepszy wynik od trzech lat.'] }, en: { title: 'Round in numbers: a passing record and the fastest goal of the season', lead: 'The statistics that caught the analysts’ eye.', body: ['A goal after 14 seconds is the quickest of the season, scored from the hosts’ first attack.', 'One side completed 712 passes, the best figure in three years.'] } },
  { category: 'aktualnosci', tags: ['Stadiony', 'Kibice'], from: -8, pl: { title: 'Nowa murawa na stadionie w Gliwicach', lead: 'Piast zakończył wymianę nawierzchni przed rundą wiosenną.', body: ['Prace trwały trzy tygodnie. Nowa murawa ma system podgrzewania i hybrydowe włókna.', 'Pierwszy mecz na nowej nawierzchni odbędzie się w najbliższą niedzielę.'] } },
  { category: 'wywiady', tags: ['Wywiady'], from: -9, pl: { title: 'Trener Korony: „Gramy o utrzymanie do końca”', lead: 'Szkoleniowiec z Kielc o formie zespołu i planach na ostatnie kolejki.', body: ['Wiemy, że każdy punkt jest teraz na wagę złota. Zespół pracuje bardzo ciężko.', 'Liczę na wsparcie kibiców w meczach u siebie — to nasz dwunasty zawodnik.'] }, en: { title: 'Korona coach: “We will fight for survival to the end”', lead: 'The Kielce manager on form and the last rounds.', body: ['Every point is gold now, and the squad is working very hard.', 'I count on our fans at home games — they are our twelfth player.'] } },
  { category: 'relacje', tags: ['Skróty meczów'], from: -10, pl: { title: 'Motor Lublin wygrywa w Płocku po golu w doliczonym czasie', lead: 'Beniaminek odniósł trzecie zwycięstwo z rzędu.', body: ['Do 90. minuty utrzymywał się bezbramkowy remis. W doliczonym czasie gry rezerwowy napastnik Motoru wykorzystał dośrodkowanie z rzutu rożnego.', 'Lublinianie awansowali na szóste miejsce w tabeli.'] } },
  { category: 'aktualnosci', tags: ['Reprezentacja'], from: -11, pl: { title: 'Pięciu ligowców z powołaniami do reprezentacji', lead: 'Selekcjoner ogłosił kadrę na zgrupowanie przed meczami eliminacji.', body: ['Na liście znaleźli się zawodnicy Legii, Lecha, Rakowa i Jagiellonii.', 'Zgrupowanie rozpocznie się w poniedziałek w Warszawie.'] }, en: { title: 'Five league players called up by Poland', lead: 'The head coach named his squad for the qualifiers.', body: ['Players from Legia, Lech, Raków and Jagiellonia made the list.', 'The squad meets on Monday in Warsaw.'] } },
  { category: 'zapowiedzi', tags: ['Kibice'], from: -12, pl: { title: 'Derby Trójmiasta? Lechia zaprasza na mecz rodzinny', lead: 'Dzieci do lat 12 wejdą na stadion bezpłatnie.', body: ['Klub przygotował strefę dla rodzin z animacjami i konkursami.', 'Bramy stadionu zostaną otwarte dwie godziny przed meczem.'] } },
  { category: 'ekstraklasa-plus', tags: ['Młodzież', 'Statystyki'], from: -13, pl: { title: 'Młodzieżowcy w lidze: kto gra najwięcej minut?', lead: 'Zestawienie minut rozegranych przez zawodników do lat 21.', body: ['Najwięcej minut spośród młodzieżowców rozegrał obrońca Zagłębia — ponad 1800.', 'W pierwszej dziesiątce są aż trzej zawodnicy Górnika Zabrze.'] }, en: { title: 'Young players: who plays the most minutes?', lead: 'Minutes played by under-21s, ranked.', body: ['A Zagłębie defender leads the way with more than 1,800 minutes.', 'Three Górnik Zabrze players are in the top ten.'] } },
  { category: 'aktualnosci', tags: ['Transfery'], from: null, pl: { title: 'Szkic: okno transferowe — podsumowanie', lead: 'Kto przyszedł, kto odszedł? Przegląd ruchów kadrowych wszystkich klubów.', body: ['Tekst w przygotowaniu: redakcja uzupełnia listę transferów.'] }, en: { title: 'Draft: transfer window round-up', lead: 'Who came, who left? Every club’s moves.', body: ['Work in progress: the desk is completing the list.'] } },
  { category: 'wywiady', tags: ['Wywiady'], from: null, pl: { title: 'Szkic: wywiad z prezesem ligi', lead: 'O prawach telewizyjnych, infrastrukturze i VAR.', body: ['Autoryzacja wywiadu w toku.'] } },
  { category: 'zapowiedzi', tags: ['Statystyki'], from: 1, pl: { title: 'Zapowiedź kolejki: pięć meczów, na które czekamy', lead: 'Hit w Poznaniu i derby Śląska w najbliższy weekend.', body: ['Lech Poznań podejmie Raków Częstochowa w meczu, który może zdecydować o mistrzostwie.', 'W derbach Śląska Górnik Zabrze zagra z Piastem Gliwice.'] }, en: { title: 'Round preview: five matches to watch', lead: 'A title decider in Poznań and the Silesian derby this weekend.', body: ['Lech Poznań host Raków Częstochowa in a game that may decide the title.', 'In the Silesian derby, Górnik Zabrze face Piast Gliwice.'] } },
  { category: 'aktualnosci', tags: ['Stadiony'], from: 2, pl: { title: 'Ruszyła sprzedaż biletów na finał Pucharu Polski', lead: 'Karnety dla kibiców obu finalistów trafią do sprzedaży w pierwszej kolejności.', body: ['Finał zostanie rozegrany na Stadionie Narodowym w Warszawie.', 'Bilety będzie można kupić wyłącznie imiennie, w serwisie biletowym ligi.'] } },
  { category: 'ekstraklasa-plus', tags: ['Skróty meczów'], from: 3, pl: { title: 'Magazyn Ekstraklasy: najpiękniejsze gole miesiąca', lead: 'Wybierz gola miesiąca w głosowaniu kibiców.', body: ['Do głosowania nominowano pięć trafień, w tym strzał z połowy boiska.', 'Głosowanie potrwa do końca tygodnia.'] }, en: { title: 'Ekstraklasa Magazine: goals of the month', lead: 'Vote for the goal of the month.', body: ['Five goals are nominated, including a strike from the halfway line.', 'Voting closes at the end of the week.'] } },
  { category: 'relacje', tags: ['Skróty meczów', 'Stadiony'], from: -14, pl: { title: 'GKS Katowice z pierwszym zwycięstwem na nowym stadionie', lead: 'Gospodarze pokonali Radomiaka 2:0.', body: ['Historyczny wieczór w Katowicach: pierwsze ligowe zwycięstwo na nowym obiekcie.', 'Obie bramki padły po stałych fragmentach gry.'] }, en: { title: 'GKS Katowice win for the first time at their new ground', lead: 'The hosts beat Radomiak 2–0.', body: ['A historic night in Katowice: the first league win at the new stadium.', 'Both goals came from set pieces.'] } },
];

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** The demo articles of a client, with images from its library, categories, tags and venues. */
export async function seedArticles(db: DB, dialect: Database['dialect'], clientId: number, now: Date): Promise<number[]> {
  const at = (d: Date) => toDb(dialect, 'datetime', d.toISOString());
  const images = (await db.selectFrom('images').select('id').where('client_id', '=', clientId).orderBy('id').execute()).map((r) => Number(r.id));
  const venues = (await db.selectFrom('venues').select('id').where('client_id', '=', clientId).orderBy('id').execute()).map((r) => Number(r.id));
  const categories = new Map((await db.selectFrom('publication_categories').select(['id', 'slug']).where('client_id', '=', clientId).execute()).map((r) => [r.slug, Number(r.id)]));
  const tags = new Map((await db.selectFrom('tags').select(['id', 'name']).where('client_id', '=', clientId).execute()).map((r) => [r.name, Number(r.id)]));
  const ids: number[] = [];
  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const written = new Date(now.getTime() - (DEMO_ARTICLES.length - i) * 3_600_000);
    const article = await db
      .insertInto('articles')
      .values({
        client_id: clientId,
        status: a.from === null ? 'draft' : 'published',
        image_id: images.length ? images[(i * 7) % images.length] : null,
        publication_category_id: categories.get(a.category) ?? null,
        venue_id: venues.length && a.category === 'relacje' ? venues[i % venues.length] : null,
        created_at: at(written),
        updated_at: at(written),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(article.id);
    ids.push(id);
    const from = a.from === null ? null : new Date(Math.floor((now.getTime() + a.from * DAY) / 3_600_000) * 3_600_000);
    for (const [locale, t] of [['pl', a.pl], ['en', a.en]] as const) {
      if (!t) continue;
      await db
        .insertInto('article_translations')
        .values({
          client_id: clientId,
          article_id: id,
          locale,
          title: t.title,
          lead: t.lead,
          slug: slugOf(t.title),
          body: toDb(dialect, 'json', richTextFromParagraphs(t.body)),
          publish_from: from ? at(from) : null,
          publish_until: null,
          visible: toDb(dialect, 'boolean', false),
          search_text: foldForSearch(`${t.title} ${t.lead}`),
          created_at: at(written),
          // The English text was brought up to date after the Polish one, except for one left outdated.
          updated_at: at(new Date(written.getTime() + (locale === 'en' ? (i === 2 ? -60_000 : 60_000) : 0))),
        })
        .execute();
    }
    const tagIds = a.tags.map((n) => tags.get(n)).filter((v): v is number => v !== undefined);
    if (tagIds.length)
      await db.insertInto('article_tags').values(tagIds.map((tag_id) => ({ client_id: clientId, article_id: id, tag_id, created_at: at(written), updated_at: at(written) }))).execute();
    await refreshPublication(db, dialect, 'articles', clientId, id, now);
  }
  return ids;
}
