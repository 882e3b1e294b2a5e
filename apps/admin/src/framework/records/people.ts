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

/**
 * A readable text colour on `background` (WCAG relative luminance): the club's second colour
 * when it contrasts enough, else black or white.
 */
export function textColourOn(background: string, preferred?: string | null): string {
  const ratio = (a: string, b: string) => {
    const [la, lb] = [luminance(a), luminance(b)];
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  };
  if (preferred && isHex(preferred) && ratio(background, preferred) >= 4.5) return preferred;
  return ratio(background, '#000000') >= ratio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

function luminance(hex: string): number {
  if (!isHex(hex)) return 1;
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function isHexColour(value: string | null | undefined): value is string {
  return !!value && isHex(value);
}
