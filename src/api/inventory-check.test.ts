import { describe, expect, it } from 'vitest';
import { micFixture } from '@/testing/fixtures';
import { checkedMics } from './inventory-check';
import { micSchema } from './schemas';

describe('checkedMics', () => {
  it('answers what the schema answers for well-formed mics, extra fields dropped', () => {
    const mics = [
      { ...micFixture(), password: 'secret', extra: { a: 1 } },
      { ...micFixture({ id: 'mic-0002' }), thresholds: {} },
    ];
    expect(checkedMics(mics)).toEqual(mics.map((m) => micSchema.parse(m)));
    expect(JSON.stringify(checkedMics(mics))).not.toContain('secret');
  });

  it.each([
    ['a missing name', { name: undefined }],
    ['a latitude as text', { location: { latitude: '37.5', longitude: 127 } }],
    ['a threshold without its level', { thresholds: { scream: { confidence: 0.5 } } }],
    ['a date that is not one', { created_at: 'yesterday' }],
    ['thresholds as a list', { thresholds: [] }],
  ])('refuses %s, so the schema can name the field', (_what, change) => {
    expect(checkedMics([micFixture(), { ...micFixture(), ...change }])).toBeNull();
    expect(micSchema.safeParse({ ...micFixture(), ...change }).success).toBe(false);
  });
});
