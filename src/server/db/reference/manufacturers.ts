// Puzzle brands every fresh install starts with. Migration 0003_reference_manufacturers
// inserts exactly these names (ON CONFLICT (name) DO NOTHING); tests/api/db-schema.test.ts
// checks that the two agree. To add a brand later: append it here and add a new custom
// migration with the same INSERT, never edit an applied migration.
export const REFERENCE_MANUFACTURERS = [
  'Ravensburger',
  'Wentworth',
  'Gibsons',
  'Falcon de luxe',
  'Jumbo',
  'Clementoni',
  'Cobble Hill',
  'Buffalo Games',
  'Springbok',
  'Educa',
  'Schmidt',
  'Heye',
  'Eurographics',
  'Pomegranate',
  'Castorland',
  'Trefl',
  'Galison',
  'White Mountain',
  'Master Pieces',
  'Otter House',
  'House of Puzzles',
  'Bits and Pieces',
  'Piatnik',
  'Djeco',
  'Ceaco',
  'Anatolian',
  'Nathan',
  'Grafika',
  'SunsOut',
  'Liberty Puzzles',
  'Vermont Christmas Company',
  'Lafayette Puzzle Factory',
] as const;

export type ReferenceManufacturer = (typeof REFERENCE_MANUFACTURERS)[number];
