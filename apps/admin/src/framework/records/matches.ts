import type { RaRecord } from 'react-admin';
import { formatMatchDateTime } from '../../lib/locale';

/**
 * How a match is named where staff pick one (a match has no name of its own): its sides and its
 * kick-off on the league's clock, "Legia Warszawa – Lech Poznań, sob., 28.11.2026, 15:00". The
 * sides come from the includes a picker asks for (MATCH_SIDES); without them, its id.
 */
export const MATCH_SIDES = ['home_squad.team', 'away_squad.team'];

interface SideRecord {
  name?: string | null;
  team?: { name?: string | null } | null;
}

export interface NamedMatchRecord extends RaRecord {
  kickoff_at?: string | null;
  home_squad?: SideRecord | null;
  away_squad?: SideRecord | null;
}

const sideName = (side: SideRecord | null | undefined) => side?.team?.name || side?.name || undefined;

export function matchLabel(match: NamedMatchRecord): string {
  const [home, away] = [sideName(match.home_squad), sideName(match.away_squad)];
  const sides = home && away ? `${home} – ${away}` : `#${match.id}`;
  return match.kickoff_at ? `${sides}, ${formatMatchDateTime(match.kickoff_at)}` : sides;
}

/** A picker's search: the matches whose clubs hold the words typed (name, short name, code or city, accents ignored). */
export const matchSearch = (q: string): Record<string, string> => (q.trim() ? { club_search: q } : {});
