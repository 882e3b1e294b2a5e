import { VENUE_SURFACES } from '../enums';
import { defineResource } from '../resource';
import { countryCode, decimal, integer, oneOf, text } from '../validators';

export const venues = defineResource({
  type: 'venues',
  table: 'venues',
  section: 'football',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  newestFirst: true,
  public: { reach: 'listed', attributes: ['name', 'city', 'address', 'country', 'capacity', 'latitude', 'longitude', 'opened', 'surface'], relationships: ['image'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Stadion Narodowy' },
    city: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Warszawa' },
    address: { type: 'string', schema: text(255), search: true, example: 'al. Poniatowskiego 1' },
    country: { type: 'string', schema: countryCode(), filter: true, example: 'PL' },
    capacity: { type: 'integer', schema: integer(0, 200000), filter: 'range', sort: true, list: true, example: 58580 },
    latitude: { type: 'number', schema: decimal(-90, 90), example: 52.2395 },
    longitude: { type: 'number', schema: decimal(-180, 180), example: 21.0458 },
    opened: { type: 'integer', schema: integer(1800, 2100), filter: 'range', sort: true, example: 2011 },
    surface: { type: 'string', schema: oneOf(VENUE_SURFACES), filter: true, list: true, example: 'hybrid' },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
