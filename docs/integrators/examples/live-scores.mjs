// Follows a match live over /cable: the ActionCable protocol spoken with Node's own WebSocket.
// Prints the snapshot, then each incident and each change of the score.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo UMPIRE_MATCH_ID=160 node live-scores.mjs
// It stops after UMPIRE_LIVE_SECONDS (default 90), or once it saw UMPIRE_LIVE_SCORES changes of the score.
const origin = process.env.UMPIRE_URL ?? 'http://localhost:8080';
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';
const seconds = Number(process.env.UMPIRE_LIVE_SECONDS ?? 90);
const wantedScores = Number(process.env.UMPIRE_LIVE_SCORES ?? Infinity);

// The match: the one named, else the first one under way, else the next one to start.
async function pickMatch() {
  if (process.env.UMPIRE_MATCH_ID) return process.env.UMPIRE_MATCH_ID;
  for (const status of ['first_half,half_time,second_half', 'not_started']) {
    const res = await fetch(`${origin}/public/v1/matches?client=${client}&filter[status]=${status}&sort=kickoff_at&page[size]=1`);
    const doc = await res.json();
    if (doc.data?.[0]) return doc.data[0].id;
  }
  throw new Error('no match to follow');
}
const matchId = await pickMatch();

const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/cable?client=${encodeURIComponent(client)}`, ['actioncable-v1-json']);
// The identifier is a JSON string; the server echoes it on everything of this subscription.
const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(matchId) });
let score = null;
let scores = 0;

const finish = (code, why) => {
  console.log(why);
  clearTimeout(timer);
  socket.close();
  process.exitCode = code;
};
const timer = setTimeout(() => finish(0, `${seconds} s passed`), seconds * 1000);

socket.addEventListener('message', (event) => {
  const frame = JSON.parse(event.data);
  if (frame.type === 'welcome') return socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  if (frame.type === 'ping') return; // every 3 s: the connection is alive
  if (frame.type === 'confirm_subscription') return console.log(`subscribed to match ${matchId}`);
  if (frame.type === 'reject_subscription') return finish(1, `match ${matchId} refused (not public, or not this league's)`);
  if (frame.type === 'disconnect') return finish(frame.reconnect ? 0 : 1, `disconnected: ${frame.reason}`);
  if (frame.identifier !== identifier || !frame.message) return;
  const message = frame.message;
  if (message.action === 'snapshot') {
    const a = message.match.attributes;
    score = `${a.home_score}:${a.away_score}`;
    console.log(`snapshot: ${a.status}, ${score}, ${message.incidents.length} incidents`);
  } else if (message.incident) {
    // A deleted incident (a goal disallowed) comes as its type and id alone.
    const i = message.incident.attributes;
    if (!i) console.log(`incident ${message.incident.id} deleted`);
    else console.log(`incident ${message.action}: ${i.incident_type}${i.occurrence_minute == null ? '' : ` ${i.occurrence_minute}'`}`);
  }
  if (message.match?.attributes && message.action !== 'snapshot') {
    const a = message.match.attributes;
    const now = `${a.home_score}:${a.away_score}`;
    if (now !== score) {
      console.log(`score ${score} → ${now} (${a.status})`);
      score = now;
      if (++scores >= wantedScores) finish(0, `saw ${scores} score change(s)`);
    }
  }
});
socket.addEventListener('error', () => finish(1, 'the connection failed'));
socket.addEventListener('close', (event) => {
  if (process.exitCode === undefined) finish(1, `closed by the server (${event.code})`);
});
