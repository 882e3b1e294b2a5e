/** Spec §2: the match form lives at /competitions/matches/form/{id}. */
export const MATCH_FORM_PATH = '/competitions/matches/form/:id';
export const matchFormPath = (id: string | number) => `/competitions/matches/form/${encodeURIComponent(String(id))}`;
