import { getRuntime } from '../../lib/configuration';
import { readStoredToken } from '../../lib/token';
import { trustedOrigins } from '../../lib/environment';
import { PopupStore } from '../../lib/popups';
import { createHttpClient, type HttpClient } from '../../providers/http-client';
import type { FixturePlanAttributes, PlanRequestAttributes } from './model';

/**
 * The generator's two calls (issue 26): preview (writes nothing) and commit. The screen answers
 * every error in place (next to what was typed), so the client shows no pop-up of its own.
 */
let client: HttpClient | undefined;
function http(): HttpClient {
  if (!client) {
    const trusted = trustedOrigins(getRuntime().urls);
    client = createHttpClient({ getToken: readStoredToken, trustedOrigins: () => trusted, popups: new PopupStore() });
  }
  return client;
}

const path = (groupId: string, preview: boolean) => `${getRuntime().urls.umpire}/groups/${encodeURIComponent(groupId)}/fixtures${preview ? '/preview' : ''}`;
const body = (attributes: PlanRequestAttributes) => ({ data: { type: 'fixture_plans', attributes } });

export async function previewFixtures(groupId: string, attributes: PlanRequestAttributes): Promise<FixturePlanAttributes> {
  const res = await http()<{ data: { attributes: FixturePlanAttributes } }>(path(groupId, true), { method: 'POST', body: body(attributes) });
  return res.body.data.attributes;
}

export interface CommitResult {
  importId: string;
  matches: number;
  rounds: string[];
}

export async function commitFixtures(groupId: string, attributes: PlanRequestAttributes): Promise<CommitResult> {
  const res = await http()<{ data: { id: string }; meta: { matches: number; rounds: string[] } }>(path(groupId, false), { method: 'POST', body: body(attributes) });
  return { importId: res.body.data.id, matches: res.body.meta.matches, rounds: res.body.meta.rounds };
}
