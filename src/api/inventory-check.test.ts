import { describe, expect, it } from 'vitest';
import { micFixture } from '@/testing/fixtures';
import { checkedMics, inventoryMicOf, withCategoriesOf } from './inventory-check';
import { inventoryMicSchema } from './schemas';

const served = (over: Record<string, unknown> = {}) => ({ ...inventoryMicOf(micFixture()), ...over });

describe('checkedMics', () => {
  it('answers what the schema answers for well-formed mics, the same objects when they carry nothing more', () => {
    const mics = [served(), served({ id: 'mic-0002', status: 'retired' })];
    const checked = checkedMics(mics);
    expect(checked).toEqual(mics.map((m) => inventoryMicSchema.parse(m)));
    expect(checked![0]).toBe(mics[0]);
  });

  it('drops what an inventory mic does not hold: a whole mic’s host and thresholds, anything else', () => {
    const mics = [{ ...micFixture(), password: 'secret', extra: { a: 1 } }];
    expect(checkedMics(mics)).toEqual([inventoryMicOf(micFixture())]);
    expect(JSON.stringify(checkedMics(mics))).not.toMatch(/secret|thresholds|host/);
  });

  it.each([
    ['a missing name', { name: undefined }],
    ['an edge as a number', { edge_id: 7 }],
    ['a latitude as text', { location: { latitude: '37.5', longitude: 127 } }],
    ['no location', { location: null }],
  ])('refuses %s, so the schema can name the field', (_what, change) => {
    expect(checkedMics([served(), served(change)])).toBeNull();
    expect(inventoryMicSchema.safeParse(served(change)).success).toBe(false);
  });
});

describe('withCategoriesOf', () => {
  it('adds the categories changed mics have thresholds for, sorted; the same list when none is new', () => {
    const categories = ['scream', 'siren'];
    expect(withCategoriesOf(categories, [micFixture()])).toBe(categories);
    const gunshot = { sound_level_ge: 80, confidence: 0.5 };
    expect(withCategoriesOf(categories, [micFixture({ thresholds: { gunshot, scream: gunshot } })])).toEqual([
      'gunshot',
      'scream',
      'siren',
    ]);
  });
});
