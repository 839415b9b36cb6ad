import { describe, expect, it } from 'vitest';
import { micFixture } from '../testing/fake-edge.js';
import { Inventory } from './inventory.js';
import { micSchema, type Mic } from '../edge/schemas.js';

const mic = (n: number, overrides: Record<string, unknown> = {}): Mic => micSchema.parse(micFixture(n, overrides));
const walk = (mics: Mic[], complete = true) => ({ items: mics, reportedTotal: mics.length, pages: 1, complete });

describe('inventory change detection', () => {
  it('a walk that finds nothing changed yields no diff and keeps the version', () => {
    const inventory = new Inventory('boot');
    const first = inventory.replace(walk([mic(1), mic(2)]), 0, 1);
    expect(first).toMatchObject({ from: 'boot.0', to: 'boot.1', removals: [] });
    expect(first!.upserts).toHaveLength(2);
    expect(inventory.replace(walk([mic(1), mic(2)]), 2, 3)).toBeNull();
    expect(inventory.version).toBe('boot.1');
  });

  it('sends only the mics that changed, and the ones that went', () => {
    const inventory = new Inventory('boot');
    inventory.replace(walk([mic(1), mic(2), mic(3)]), 0, 1);
    const diff = inventory.replace(walk([mic(1), mic(2, { name: 'Renamed' })]), 2, 3);
    expect(diff).toEqual({
      from: 'boot.1',
      to: 'boot.2',
      upserts: [mic(2, { name: 'Renamed' })],
      removals: ['mic-0003'],
    });
  });

  it('an edit re-read after a walk started is not undone by that walk', () => {
    const inventory = new Inventory('boot');
    inventory.replace(walk([mic(1)]), 0, 1);
    expect(inventory.upsert(mic(1, { name: 'Edited' }), 10)).toMatchObject({ upserts: [{ name: 'Edited' }] });
    // This walk began (at 5) before the edit was re-read (at 10): its copy is older.
    expect(inventory.replace(walk([mic(1)]), 5, 12)).toBeNull();
    expect(inventory.mics()[0]!.name).toBe('Edited');
    // A walk begun after the edit is believed.
    expect(inventory.replace(walk([mic(1, { name: 'Later' })]), 20, 25)).toMatchObject({
      upserts: [{ name: 'Later' }],
    });
  });

  it('lists the same mics as the same list until a change, which a walk of the same objects is not', () => {
    const inventory = new Inventory('boot');
    const mics = [mic(1), mic(2)];
    inventory.replace(walk(mics), 0, 1);
    const listed = inventory.mics();
    // A walk whose pages came back unchanged brings the same objects (EdgeMemo).
    expect(inventory.replace(walk(mics), 2, 3)).toBeNull();
    expect(inventory.mics()).toBe(listed);
    inventory.upsert(mic(2, { name: 'Renamed' }), 4);
    expect(inventory.mics()).not.toBe(listed);
    expect(inventory.mics().map((m) => m.name)).toContain('Renamed');
  });

  it('remembers whether the walk hit the page cap', () => {
    const inventory = new Inventory('boot');
    inventory.replace(walk([mic(1)], false), 0, 1);
    expect(inventory.state()).toMatchObject({ complete: false, count: 1 });
    // Outside a capped walk, a single re-read does not add a mic the walk never reached.
    expect(inventory.upsert(mic(9), 2)).toBeNull();
  });
});
