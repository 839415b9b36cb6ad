import { describe, expect, it } from 'vitest';
import { indexDirectory } from './directory-index.js';
import type { DirectoryMic } from './edge-reader.js';

const directory = (names: Record<string, string>): ReadonlyMap<string, DirectoryMic> =>
  new Map(
    Object.entries(names).map(([id, name], i) => [
      id,
      { id, name, latitude: 37.5 + i * 0.001, longitude: 127 } as DirectoryMic,
    ]),
  );

describe('the directory index', () => {
  it('is computed once for requests that ask while it is being computed', async () => {
    // The same directory, and another read of it with the same mics: both wait for the first computation.
    const mics = directory({ a: 'North gate', b: 'West gate' });
    const first = indexDirectory(mics, 500);
    expect(indexDirectory(mics, 500)).toBe(first);
    expect(indexDirectory(directory({ a: 'North gate', b: 'West gate' }), 500)).toBe(first);
    expect((await first).neighbours.get('a')).toEqual(['b']);
  });

  it('is kept for a directory read again unchanged, and made again when a mic is renamed', async () => {
    const before = await indexDirectory(directory({ a: 'North gate', b: 'South gate' }), 500);
    expect(await indexDirectory(directory({ a: 'North gate', b: 'South gate' }), 500)).toBe(before);
    // An area is named after its leading mic: a rename must reach the areas.
    const renamed = await indexDirectory(directory({ a: 'Main gate', b: 'South gate' }), 500);
    expect(renamed).not.toBe(before);
    expect(renamed.areas.map((area) => area.name)).toEqual(['Main gate']);
  });
});
