import { clubTopic } from '@umpire/schema/engagement/push/push';
import { competitionTopic, matchTopic } from '@umpire/schema/engagement/push/match-alerts';
import type { ResourceObject } from '@umpire/render';
import type { RecordKind } from './templates';

/** The "My alerts" page's address in each language's words (issue 41, point 2). */
export const MY_ALERTS = { pl: 'moje-alerty', en: 'my-alerts' } as const;
export const myAlertsPath = (basePath: string, locale: string) => `${basePath}/${locale}/${MY_ALERTS[locale === 'en' ? 'en' : 'pl']}`;

/**
 * The push topic a record's page offers to follow: a club's, a match's, and for a table (a
 * competition's season) its competition's, so that following outlives the season. A player has none.
 */
export function followTopic(kind: RecordKind, record: ResourceObject): string | null {
  if (kind === 'club') return clubTopic(record.id);
  if (kind === 'match') return matchTopic(record.id);
  if (kind === 'competition_season') {
    const rel = record.relationships?.competition?.data;
    const id = rel && !Array.isArray(rel) ? rel.id : undefined;
    return id ? competitionTopic(id) : null;
  }
  return null;
}
