/** The GIS fixtures (test/fixtures/gis, written by its makeFixtures.mjs), read as bytes or text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(__dirname, '../../../fixtures/gis');

/** The bytes of fixture `name`. */
export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(join(dir, name)));

/** The text of fixture `name`. */
export const fixtureText = (name: string): string => readFileSync(join(dir, name), 'utf8');
