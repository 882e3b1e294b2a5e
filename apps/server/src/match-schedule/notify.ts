import { LEAGUE_TIME_ZONE } from '@umpire/schema';
import type { WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { createRecord } from '../jsonapi/write';
import type { MatchFacts } from './facts';

/**
 * The announcement of a postponement to the followers of both clubs (issue 26): one push
 * notification per match, written through the engine (the push capability's rules queue its send
 * job, so it goes out as soon as the transaction commits, as "send now" does in the admin), with
 * the clubs' targets: subscriptions that chose the club's topic (`club:<id>`).
 */
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const when = (lang: 'pl' | 'en', at: Date) =>
  new Intl.DateTimeFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: LEAGUE_TIME_ZONE }).format(at);

/** The texts of a postponement, in Polish and English. */
export function postponementTexts(match: Pick<MatchFacts, 'home' | 'away'>, kickoff: Date | null, reason: string | null) {
  const sides = `${match.home?.name ?? '?'} – ${match.away?.name ?? '?'}`;
  const pl = [kickoff ? `Nowy termin: ${when('pl', kickoff)}.` : 'Nowy termin zostanie podany później.', reason ? `Powód: ${reason}` : ''].filter(Boolean).join(' ');
  const en = [kickoff ? `New kickoff: ${when('en', kickoff)}.` : 'The new date will be announced.', reason ? `Reason: ${reason}` : ''].filter(Boolean).join(' ');
  return {
    title_pl: clip(`Mecz przełożony: ${sides}`, 120),
    title_en: clip(`Match postponed: ${sides}`, 120),
    body_pl: clip(pl, 500),
    body_en: clip(en, 500),
  };
}

/** The target reaching every follower of a club on every platform: the one there is, or a new one. */
async function clubTarget(ctx: WriteContext, club: { id: string; name: string }): Promise<string> {
  const existing = await ctx.db
    .selectFrom('push_notification_targets')
    .select('id')
    .where('client_id', '=', ctx.clientId)
    .where('club_id', '=', Number(club.id))
    .where('topic', 'is', null)
    .where('platform', '=', 'all')
    .where('segment', '=', 'everyone')
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return String(existing.id);
  const name = clip(`Kibice: ${club.name} (#${club.id})`, 120);
  const sameName = await ctx.db.selectFrom('push_notification_targets').select('id').where('client_id', '=', ctx.clientId).where('name', '=', name).executeTakeFirst();
  const row = await createRecord(ctx, modelOf('push_notification_targets'), {
    data: {
      type: 'push_notification_targets',
      attributes: { name: sameName ? clip(`Kibice: ${club.name} (#${club.id}, ${Date.now()})`, 120) : name, platform: 'all', segment: 'everyone' },
      relationships: { club: { data: { type: 'clubs', id: club.id } } },
    },
  });
  return String(row.id);
}

/** Creates and schedules (now) the notification of one postponed match; its id. */
export async function announcePostponement(ctx: WriteContext, match: MatchFacts, kickoff: Date | null, reason: string | null): Promise<string> {
  const targets: string[] = [];
  for (const club of match.clubs) targets.push(await clubTarget(ctx, club));
  const row = await createRecord(ctx, modelOf('push_notifications'), {
    data: {
      type: 'push_notifications',
      attributes: { ...postponementTexts(match, kickoff, reason), status: 'scheduled' },
      relationships: {
        targets: { data: [...new Set(targets)].map((id) => ({ type: 'push_notification_targets', id })) },
        match: { data: { type: 'matches', id: match.id } },
      },
    },
  });
  return String(row.id);
}
