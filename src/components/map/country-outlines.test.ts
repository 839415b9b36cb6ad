import type { Feature } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-50m.json';
import { describe, expect, it } from 'vitest';
import { countriesIn, outlinesOf, type Box } from './country-outlines';

const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;

/** The box the basemap walked every converted point for (what the arcs' boxes replace). */
function walkedBox(country: Feature): Box {
  const box: Box = [90, 180, -90, -180];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [lon, lat] = value as [number, number];
      box[0] = Math.min(box[0], lat);
      box[1] = Math.min(box[1], lon);
      box[2] = Math.max(box[2], lat);
      box[3] = Math.max(box[3], lon);
    } else for (const item of value) visit(item);
  };
  if (country.geometry !== null && 'coordinates' in country.geometry) visit(country.geometry.coordinates);
  return box;
}

describe('country outlines', () => {
  it("finds each country's box from the arcs, as walking its converted points does", async () => {
    const outlines = await outlinesOf(topology);
    const geometries = topology.objects.countries.geometries;
    expect(outlines.boxes).toHaveLength(241);
    geometries.forEach((geometry, index) => {
      const expected = walkedBox(feature(topology, geometry) as Feature);
      outlines.boxes[index]!.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 9));
    });
  });

  it('converts only the countries near a region, each once, and keeps only their parts near it', async () => {
    const outlines = await outlinesOf(topology);
    // Around Seoul: the two Koreas, not Brazil; nothing converted before it is asked for.
    expect(outlines.features.size).toBe(0);
    const seoul: Box = [36.5, 126, 38.5, 128];
    const near = await countriesIn(outlines, seoul);
    const names = near.map((country) => country.properties?.name as string);
    expect(names).toEqual(expect.arrayContaining(['South Korea', 'North Korea', 'China']));
    expect(names).not.toContain('Brazil');
    // Its box spans the globe (the Aleutians cross 180°), but none of its parts is near Seoul.
    expect(names).not.toContain('United States of America');
    // Japan's islands near Korea, not its far ones.
    const wide = await countriesIn(outlines, [27.5, 113, 45.5, 143]);
    const japan = wide.find((country) => country.properties?.name === 'Japan')!;
    const japanParts = japan.geometry.type === 'MultiPolygon' ? japan.geometry.coordinates.length : 1;
    const allJapan = feature(
      topology,
      topology.objects.countries.geometries.find((g) => (g.properties as { name?: string }).name === 'Japan')!,
    );
    expect(japanParts).toBeGreaterThan(0);
    expect(japanParts).toBeLessThan((allJapan as Feature<GeoJSON.MultiPolygon>).geometry.coordinates.length);
    const converted = [...outlines.features.values()];
    await countriesIn(outlines, seoul);
    expect([...outlines.features.values()]).toEqual(converted);
    expect(converted.length).toBeLessThan(20);
  });
});
