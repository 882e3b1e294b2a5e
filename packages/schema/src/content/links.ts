import { resourceByType } from '../registry';
import { COMPONENT_KIND_DEFS, LINK_CATALOGUE, type ComponentKindDef, type LinkName } from './component-kinds';

/**
 * A link target can be picked once its resource is registered (quizzes, surveys, OTT formats…
 * are declared as targets before their resources exist). Derived from the registry, never a list.
 */
export const isLinkTargetAvailable = (target: string): boolean => resourceByType(target) !== undefined;

export const isLinkAvailable = (name: LinkName): boolean => isLinkTargetAvailable(LINK_CATALOGUE[name].target);

/** The links of a kind as the builder shows them: name, target, one or many, and whether it can be picked yet. */
export function linksOfKind(def: ComponentKindDef) {
  return (Object.entries(def.links) as [LinkName, { required?: boolean; max?: number }][]).map(([name, link]) => {
    const entry: { target: string; many?: boolean } = LINK_CATALOGUE[name];
    return { name, target: entry.target, many: entry.many === true, required: link.required === true, max: link.max, pickable: isLinkAvailable(name) };
  });
}

/** Kinds whose required links can all be picked: those the builder can add now. */
export const usableKinds = () =>
  Object.values(COMPONENT_KIND_DEFS)
    .filter((def) => linksOfKind(def).every((l) => !l.required || l.pickable))
    .map((def) => def.kind);
