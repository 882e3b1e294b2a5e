// The current league table and the next fixtures, read from the delivery API with includes.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo node fixtures-and-table.mjs
// With a delivery key instead of the league's slug: UMPIRE_DELIVERY_KEY=udk_… node fixtures-and-table.mjs
const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const key = process.env.UMPIRE_DELIVERY_KEY;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';

async function read(path, query = {}) {
  const url = new URL(base + path);
  // A delivery key names the league itself; without one, ?client= does.
  if (!key) url.searchParams.set('client', client);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const res = await fetch(url, { headers: { accept: 'application/vnd.api+json', ...(key ? { 'x-delivery-key': key } : {}) } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url.pathname}: ${res.status} ${JSON.stringify(body.errors)}`);
  return body;
}

// Finds a record of `included` by type and id.
const lookup = (doc) => {
  const byKey = new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  return (ref) => (ref ? byKey.get(`${ref.type}:${ref.id}`) : undefined);
};
// squad → team → club: the club's name.
const clubName = (find, squadRef) => {
  const team = find(find(squadRef)?.relationships.team.data);
  return find(team?.relationships.club.data)?.attributes.name ?? '?';
};

// 1. The current seasons, with their competition: take the league's.
const seasons = await read('/competition_seasons', { 'filter[is_current]': 'true', include: 'competition' });
const findSeason = lookup(seasons);
const season = seasons.data.find((s) => findSeason(s.relationships.competition.data)?.attributes.kind === 'league') ?? seasons.data[0];
if (!season) throw new Error('no current season');
const competition = findSeason(season.relationships.competition.data);
console.log(`${competition.attributes.name}: ${season.attributes.name}`);

// 2. Its first stage's first group: the table.
const stages = await read('/stages', { 'filter[competition_season]': season.id, include: 'groups', sort: 'display_order' });
const groupRef = stages.data[0]?.relationships.groups.data[0];
if (!groupRef) throw new Error('the season has no group');
const table = await read(`/groups/${groupRef.id}/standings`, { include: 'squad.team.club', 'fields[clubs]': 'name' });
const findInTable = lookup(table);
console.log('\nTable');
for (const row of table.data.slice(0, 5)) {
  const a = row.attributes;
  console.log(`${String(a.position).padStart(2)}. ${clubName(findInTable, row.relationships.squad.data).padEnd(28)} ${a.played} played, ${a.points} pts`);
}

// 3. The group's next matches, with both clubs' names in the same answer.
const fixtures = await read('/matches', {
  'filter[group]': groupRef.id,
  'filter[status]': 'not_started',
  sort: 'kickoff_at',
  'page[size]': '5',
  include: 'round,home_squad.team.club,away_squad.team.club',
  'fields[matches]': 'kickoff_at,status,round,home_squad,away_squad',
  'fields[rounds]': 'name',
  'fields[squads]': 'team',
  'fields[teams]': 'club',
  'fields[clubs]': 'name',
});
const findInFixtures = lookup(fixtures);
console.log(`\nNext matches (${fixtures.meta.total} to play)`);
for (const m of fixtures.data) {
  const round = findInFixtures(m.relationships.round.data)?.attributes.name ?? '';
  console.log(`${m.attributes.kickoff_at}  ${round}: ${clubName(findInFixtures, m.relationships.home_squad.data)} – ${clubName(findInFixtures, m.relationships.away_squad.data)}`);
}
