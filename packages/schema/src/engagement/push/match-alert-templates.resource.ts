import { z } from 'zod';
import { defineResource } from '../../resource';
import { oneOf, text } from '../../validators';
import { MATCH_ALERT_TEMPLATE_KINDS } from './match-alerts';

/**
 * Settings › Match alerts (issue 41, point 4): for each kind of alert, whether the league sends it
 * and what it says in each language, with the fields of MATCH_ALERT_FIELDS in braces
 * (`GOL! {home} {home_score}:{away_score} {away}`). One row per kind and league; a kind without
 * a row is sent as DEFAULT_MATCH_ALERT_KINDS and DEFAULT_MATCH_ALERT_TEMPLATES say.
 */
export const matchAlertTemplates = defineResource({
  type: 'match_alert_templates',
  table: 'match_alert_templates',
  section: 'settings',
  titleAttribute: 'kind',
  defaultSort: 'id',
  attributes: {
    kind: { type: 'string', schema: oneOf(MATCH_ALERT_TEMPLATE_KINDS), required: true, unique: true, filter: true, sort: true, list: true, example: 'goal' },
    /** Whether alerts of this kind go out at all (a correction always follows the alert it corrects). */
    enabled: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, sort: true, list: true, example: true },
    title_pl: { type: 'string', schema: text(120), required: true, list: true, example: 'GOL! {home} {home_score}:{away_score} {away}' },
    body_pl: { type: 'string', schema: text(240), example: '{minute} {player}' },
    title_en: { type: 'string', schema: text(120), required: true, example: 'GOAL! {home} {home_score}-{away_score} {away}' },
    body_en: { type: 'string', schema: text(240), example: '{minute} {player}' },
  },
  relationships: {},
});
