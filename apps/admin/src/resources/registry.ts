import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import manifest from 'virtual:umpire/resources';
import { SECTIONS, type SectionName } from '@umpire/schema/resource';
import type { ResourceManifest } from './manifest';
import { RESOURCE_ICONS, SECTION_ICONS } from './icons';
import { lazyScreen } from './lazy-screen';
import { auditEventScreens } from './settings/audit-events';
import { imageScreens } from './folder/images';
import { matchScreens } from './calendar/matches';
import { squadScreens } from './team/squads';
import { playerScreens } from './team/players';
import { staffMemberScreens } from './team/staff-members';
import { groupScreens } from './football/groups';
import { competitionScreens } from './football/competitions';
import { competitionSeasonScreens } from './football/competition-seasons';
import QueryStats from '@mui/icons-material/QueryStats';

/**
 * Every resource of packages/schema gets screens: the generic ones built from its declaration,
 * or those of its own folder (`src/resources/<section>/<resource>/`) where it needs more.
 * All screens load lazily.
 */
export interface ResourceScreens {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

export interface AdminResource extends ResourceScreens {
  name: string;
  section: SectionName;
  def: ResourceManifest;
  icon: SvgIconComponent;
}

const generic: Required<ResourceScreens> = {
  list: lazyScreen(() => import('./generic/resource-list')),
  create: lazyScreen(() => import('./generic/resource-create')),
  edit: lazyScreen(() => import('./generic/resource-edit')),
  show: lazyScreen(() => import('./generic/resource-show')),
};

const custom: Record<string, ResourceScreens> = {
  audit_events: auditEventScreens,
  images: imageScreens,
  matches: matchScreens,
  squads: squadScreens,
  players: playerScreens,
  staff_members: staffMemberScreens,
  groups: groupScreens,
  competitions: competitionScreens,
  competition_seasons: competitionSeasonScreens,
};

/**
 * Screens that are no resource of the API but sit in the sidebar like one: the statistics of a
 * competition season (GET /statistics, read only).
 */
const pages: AdminResource[] = [
  {
    name: 'statistics',
    section: 'football',
    def: { type: 'statistics', path: 'statistics', section: 'football', readOnly: true, newestFirst: false, attributes: [], relationships: [] },
    icon: QueryStats,
    list: lazyScreen(() => import('../features/statistics/statistics-page')),
  },
];

export function buildRegistry(resources: readonly ResourceManifest[]): AdminResource[] {
  return resources.map((def) => {
    const screens = custom[def.type] ?? {};
    const writable = !def.readOnly;
    return {
      name: def.type,
      section: def.section,
      def,
      icon: RESOURCE_ICONS[def.type] ?? SECTION_ICONS[def.section],
      list: screens.list ?? generic.list,
      show: screens.show ?? generic.show,
      ...(writable ? { create: screens.create ?? generic.create, edit: screens.edit ?? generic.edit } : {}),
    };
  });
}

export const ADMIN_RESOURCES = [...buildRegistry(manifest), ...pages];

export function resourceDef(type: string | undefined): ResourceManifest | undefined {
  return manifest.find((r) => r.type === type);
}

/** Resources grouped by sidebar section, in the spec's order (empty sections included). */
export function resourcesBySection(resources = ADMIN_RESOURCES): { section: SectionName; resources: AdminResource[] }[] {
  return SECTIONS.map((section) => ({ section, resources: resources.filter((r) => r.section === section) }));
}
