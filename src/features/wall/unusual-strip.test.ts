import { describe, expect, it } from 'vitest';
import { unusualFixture } from '@/testing/insight-fixtures';
import { stripItems } from './unusual-strip';

const area = {
  area_id: 'gangnam',
  name: 'Gangnam',
  mic_ids: ['mic-0002'],
  lat: 37.5,
  lng: 127,
  label_id: 'car_horn',
  label_name: null,
  observed: 30,
  expected: 4,
  p_value: 1e-7,
};

describe('stripItems', () => {
  it('puts areas first, names labels in the language shown and caps the strip', () => {
    const data = unusualFixture({ areas: [area] });
    const items = stripItems(data, { edgeId: null, label: null }, 'ko');
    expect(items.map((item) => [item.place, item.label])).toEqual([
      ['Gangnam', 'car_horn'],
      ['Gangnam Exit 11', '자동차 경적'],
    ]);
    const many = unusualFixture({ areas: Array.from({ length: 9 }, (_, i) => ({ ...area, area_id: `a${i}` })) });
    expect(stripItems(many, { edgeId: null, label: null }, 'en')).toHaveLength(4);
  });

  it("keeps to the wall's edge and label", () => {
    const data = unusualFixture({ areas: [area] });
    expect(stripItems(data, { edgeId: 'edge-busan-01', label: null }, 'en')).toEqual([]);
    expect(stripItems(data, { edgeId: 'edge-seoul-01', label: null }, 'en').map((i) => i.place)).toEqual([
      'Gangnam Exit 11',
    ]);
    expect(stripItems(data, { edgeId: null, label: 'scream' }, 'en')).toEqual([]);
  });
});
