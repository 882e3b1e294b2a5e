import type { Database } from '../db/database';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { createRecord } from '../jsonapi/write';
import type { ChangeBus } from '../realtime/change-bus';
import type { Fan } from './fans';

/**
 * A fan's write goes through the resource's own rules (validate, derive, afterWrite), history and
 * change events like a staff write: the rules find the fan here and apply what fans may do.
 */
export interface FanWriteContext extends WriteContext {
  fan?: Fan;
}

export const fanOf = (ctx: WriteContext): Fan | undefined => (ctx as FanWriteContext).fan;

/** Who the history of changes names for a fan's write. */
export const fanActor = (fan: Fan) => `fan:${fan.id}`;

/** Creates a record as a fan would, in a transaction of its own; realtime hears of it once committed. */
export async function createAsFan(
  deps: { database: Database; bus?: ChangeBus; apiBase: string },
  fan: Fan,
  type: string,
  body: unknown,
): Promise<Row> {
  const events: ChangeEvent[] = [];
  const row = await deps.database.db.transaction().execute((trx) => createInContext({ db: trx, dialect: deps.database.dialect, clientId: fan.clientId, apiBase: deps.apiBase, actor: fanActor(fan), events }, fan, type, body));
  await deps.bus?.publish(events);
  return row;
}

/** The same inside a transaction the caller holds (the demo seed). */
export function createInContext(ctx: WriteContext, fan: Fan, type: string, body: unknown): Promise<Row> {
  const fanCtx: FanWriteContext = { ...ctx, actor: fanActor(fan), fan };
  return createRecord(fanCtx, modelOf(type), body);
}
