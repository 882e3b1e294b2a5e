import type { SvgIconComponent } from '@mui/icons-material';
import manifest from 'virtual:umpire/resources';
import { SECTIONS, type SectionName } from '@umpire/schema/resource';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { RESOURCE_ICONS, SECTION_ICONS } from './icons';

/**
 * What the frame knows of every entry of the sidebar, without any screen: the resources of
 * packages/schema and the pages that sit among them. Screens are attached by the app shell
 * (app/registry.ts), so everything below it can list resources without importing their screens.
 */
export interface ResourceEntry {
  name: string;
  section: SectionName;
  def: ResourceManifest;
  icon: SvgIconComponent;
}

/** Pages that are no resource of the API but sit in the sidebar like one (read only). */
const PAGES: ResourceManifest[] = [
  // GET /statistics of a competition season.
  { type: 'statistics', path: 'statistics', section: 'football', readOnly: true, newestFirst: false, attributes: [], relationships: [] },
  // The media library (media API v1); its ability subject is `files`.
  { type: 'files', path: 'files', section: 'folder', readOnly: true, newestFirst: false, attributes: [], relationships: [] },
];

export const RESOURCE_ENTRIES: readonly ResourceEntry[] = [...manifest, ...PAGES].map((def) => ({
  name: def.type,
  section: def.section,
  def,
  icon: RESOURCE_ICONS[def.type] ?? SECTION_ICONS[def.section],
}));

/** The declaration of an API resource (pages have none). */
export function resourceDef(type: string | undefined): ResourceManifest | undefined {
  return manifest.find((r) => r.type === type);
}

/** Whether records of the entry can be created and edited at all (abilities aside). */
export const isWritable = (entry: ResourceEntry): boolean => !entry.def.readOnly;

/** Entries grouped by sidebar section, in the spec's order (empty sections included). */
export function entriesBySection<T extends ResourceEntry>(entries: readonly T[]): { section: SectionName; resources: T[] }[] {
  return SECTIONS.map((section) => ({ section, resources: entries.filter((r) => r.section === section) }));
}
