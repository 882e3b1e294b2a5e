import type { RaRecord } from 'react-admin';

/** Records of the team area as the data provider reads them (attributes, `<link>_id`, nested links). */
export interface ImageRecord extends RaRecord {
  path?: string;
}

export interface ClubRecord extends RaRecord {
  name?: string;
  code?: string | null;
  short_name?: string | null;
  primary_color?: string | null;
  secondary_color?: string | null;
  image?: ImageRecord | null;
  image_id?: string | null;
}

export interface TeamRecord extends RaRecord {
  name?: string;
  short_name?: string | null;
  club_id?: string;
  club?: ClubRecord;
  image_id?: string | null;
  image?: ImageRecord | null;
}

export interface SeasonRecord extends RaRecord {
  name?: string;
  start_date?: string;
  end_date?: string;
  is_current?: boolean;
}

export interface PersonRecord extends RaRecord {
  first_name?: string;
  last_name?: string;
  birth_date?: string | null;
  nationality?: string | null;
  image_id?: string | null;
  image?: ImageRecord | null;
}

export interface PlayerRecord extends PersonRecord {
  nickname?: string | null;
  second_nationality?: string | null;
  position?: string | null;
  height_cm?: number | null;
  weight_kg?: number | null;
  preferred_foot?: string | null;
  biography?: string | null;
}

export type StaffMemberRecord = PersonRecord & { biography?: string | null };

export interface StaffRoleRecord extends RaRecord {
  name?: string;
  kind?: string;
  display_order?: number;
}

export function fullName(person: Pick<PersonRecord, 'first_name' | 'last_name'> | null | undefined): string {
  return [person?.first_name, person?.last_name].filter(Boolean).join(' ');
}

/** Completed years on `today` of someone born on `birthDate` (`YYYY-MM-DD`); null when unknown. */
export function ageOn(birthDate: string | null | undefined, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age--;
  return age >= 0 ? age : null;
}

/** Up to three initials of a name: "Legia Warszawa" → "LW", "Cracovia" → "C". */
export function initialsOf(name: string | null | undefined, max = 3): string {
  return (name ?? '')
    .split(/[\s-]+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, max)
    .map((word) => word[0].toUpperCase())
    .join('');
}

