import { formatMinute, sideOfSquad } from './incidents';
import type { Translate } from '../../lib/i18n';
import { halfLabel, typeLabel } from './labels';
import { playerLabel, type TeamRoster } from './rosters';
import type { ParsedCommand } from './command-parser';
import type { Incident, MatchInfo, PlayerInfo, Side } from './types';

/** Sentences about incidents, for previews, row labels and announcements. */
export interface DescribeContext {
  match: MatchInfo;
  rosters: Record<Side, TeamRoster> | null;
  players: Readonly<Record<string, PlayerInfo>>;
}

/** What the related player is: the assist of a goal, the player coming on in a substitution. */
export function relatedText(translate: Translate, type: string, label: string | null): string | null {
  if (!label) return null;
  if (type === 'substitution') return translate('matchCentre.timeline.on', { player: label });
  return translate('matchCentre.timeline.assist', { player: label });
}

export function mainPlayerText(translate: Translate, type: string, label: string | null): string | null {
  if (!label) return null;
  return type === 'substitution' ? translate('matchCentre.timeline.off', { player: label }) : label;
}

/** "Goal · Legia Warszawa · Jan Kowalski (9) · assist: … · 23' (1st half)". */
export function describeIncident(translate: Translate, incident: Incident, ctx: DescribeContext): string {
  const side = sideOfSquad(incident.squad_id, ctx.match.home_squad_id, ctx.match.away_squad_id);
  const roster = side && ctx.rosters ? ctx.rosters[side] : undefined;
  const parts = [
    typeLabel(translate, incident.incident_type),
    side ? ctx.match[side].name : null,
    mainPlayerText(translate, incident.incident_type, playerLabel(roster, incident.player_id, ctx.players)),
    relatedText(translate, incident.incident_type, playerLabel(roster, incident.related_player_id, ctx.players)),
    translate('matchCentre.incident.when', { minute: formatMinute(incident.occurrence_minute, incident.stoppage_minute), half: halfLabel(translate, incident.occurrence_half) }),
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The preview of a parsed command: what Enter will add. */
export function describeCommand(translate: Translate, command: ParsedCommand, match: MatchInfo): string {
  const label = (p: ParsedCommand['player']) => (p ? `${p.name} (${p.shirt})` : null);
  const parts = [
    typeLabel(translate, command.incident_type),
    command.side ? match[command.side].name : null,
    mainPlayerText(translate, command.incident_type, label(command.player)),
    relatedText(translate, command.incident_type, label(command.related)),
    translate('matchCentre.incident.when', { minute: formatMinute(command.minute, command.stoppage), half: halfLabel(translate, command.half) }),
  ];
  if (command.incident_type === 'own_goal' && command.side) {
    parts.push(translate('matchCentre.command.ownGoalFor', { team: match[command.side === 'home' ? 'away' : 'home'].name }));
  }
  return parts.filter(Boolean).join(' · ');
}
