import type { WriteContext } from '../jsonapi/context';
import { defineRules } from '../jsonapi/rules';
import { prefixOf } from './secrets';

/**
 * The secret of the key a create makes, handed by POST /delivery_keys (routes.ts) to the engine's
 * write through its context: the engine serves no create of its own (serverCreated), so a key
 * never exists without a secret made by the server.
 */
const issuing = new WeakMap<WriteContext, string>();

export function issueWith(ctx: WriteContext, secret: string): WriteContext {
  issuing.set(ctx, secret);
  return ctx;
}

defineRules('delivery_keys', {
  // On create: what the server sets, never a body (prefix, status, who made it). The hash is
  // written after the history entry (routes.ts), so the history shows the prefix and not the hash.
  async derive(ctx, row) {
    if (row.id != null) return {};
    const secret = issuing.get(ctx);
    if (!secret) throw new Error('delivery keys are made by POST /delivery_keys only');
    return { prefix: prefixOf(secret), status: 'active', created_by: ctx.actor };
  },
});
