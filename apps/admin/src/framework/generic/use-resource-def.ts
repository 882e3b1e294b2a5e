import { useResourceContext } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { resourceDef } from '../../framework/definitions';

/** The declaration of the resource whose screen is rendering. */
export function useResourceDef(): ResourceManifest {
  const resource = useResourceContext();
  const def = resourceDef(resource);
  if (!def) throw new Error(`No declaration for resource ${resource}`);
  return def;
}

/** Include what the generic screens show of linked records (images, for their path). */
export function includesOf(def: ResourceManifest): string[] {
  return def.relationships.filter((r) => r.kind === 'belongsTo' && r.type === 'images').map((r) => r.name);
}

/** Spec §4: squads leave the list before the server confirms; everything else after. */
export function deleteModeOf(def: ResourceManifest): 'optimistic' | 'pessimistic' {
  return def.type === 'squads' ? 'optimistic' : 'pessimistic';
}
