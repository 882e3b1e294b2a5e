import { choiceLabel, type Translate } from '../../lib/i18n';
import { formatMinute } from './incidents';
import type { IncidentType } from './types';

// Texts the match centre builds from translation keys (kept here so components stay small).

export const typeLabel = (translate: Translate, type: string) => choiceLabel(translate, 'incidents', 'incident_type', type);

export const halfLabel = (translate: Translate, half: number) => translate(`matchCentre.halves.half${half}`, { _: String(half) });

export const statusLabel = (translate: Translate, status: string) => choiceLabel(translate, 'matches', 'status', status);

export const positionLabel = (translate: Translate, position: string) => choiceLabel(translate, 'lineups', 'position', position);

/** "Goal 23'" — what an incident is, for announcements and the undo bar. */
export function incidentTitle(translate: Translate, incident: { incident_type: IncidentType; occurrence_minute: number; stoppage_minute: number | null }): string {
  return translate('matchCentre.incident.title', { type: typeLabel(translate, incident.incident_type), minute: formatMinute(incident.occurrence_minute, incident.stoppage_minute) });
}
