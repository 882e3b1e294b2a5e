import { defineResource } from '../resource';
import { countryCode, email, hexColor, integer, text, websiteUrl } from '../validators';

export const clubs = defineResource({
  type: 'clubs',
  table: 'clubs',
  section: 'team',
  titleAttribute: 'name',
  defaultSort: 'name',
  /** A club's e-mail is the office's contact for staff, not for fans. */
  public: { reach: 'listed', attributes: ['name', 'short_name', 'code', 'founded', 'website', 'city', 'country', 'primary_color', 'secondary_color'], relationships: ['image', 'venue', 'teams'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Wisła Kraków' },
    short_name: { type: 'string', schema: text(40), search: true, sort: true, list: true, example: 'Wisła' },
    code: { type: 'string', schema: text(5, 2).regex(/^[A-Z0-9]+$/, { error: 'pattern' }), unique: true, filter: true, sort: true, search: true, list: true, example: 'WKR' },
    founded: { type: 'integer', schema: integer(1800, 2100), filter: 'range', sort: true, list: true, example: 1906 },
    website: { type: 'string', schema: websiteUrl(), list: true, example: 'https://wislakrakow.com' },
    email: { type: 'string', schema: email(), example: 'biuro@wislakrakow.com' },
    city: { type: 'string', schema: text(120), search: true, filter: true, sort: true, list: true, example: 'Kraków' },
    country: { type: 'string', schema: countryCode(), filter: true, example: 'PL' },
    primary_color: { type: 'string', schema: hexColor(), example: '#C8102E' },
    secondary_color: { type: 'string', schema: hexColor(), example: '#FFFFFF' },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    venue: { kind: 'belongsTo', type: 'venues', onDelete: 'setNull' },
    teams: { kind: 'hasMany', type: 'teams', inverse: 'club' },
  },
});
