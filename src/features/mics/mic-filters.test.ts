import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, listParamsOf, micTableSearch } from './mic-filters';

describe('mic table URL state', () => {
  it('reads page, size, name and edge from the URL', () => {
    const state = micTableSearch.read(new URLSearchParams('page=2&size=50&name=Busan Port&edge_id=edge-busan-01'));
    expect(state).toEqual({ page: 2, size: 50, name: 'Busan Port', edgeId: 'edge-busan-01' });
  });

  it('falls back to defaults for missing or hand-mangled values', () => {
    expect(micTableSearch.read(new URLSearchParams(''))).toEqual({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
      name: '',
      edgeId: '',
    });
    expect(micTableSearch.read(new URLSearchParams('page=0&size=7'))).toMatchObject({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
    });
    expect(micTableSearch.read(new URLSearchParams('page=-3&size=abc'))).toMatchObject({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
    });
    expect(micTableSearch.read(new URLSearchParams('page=2.5&size=1000'))).toMatchObject({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(micTableSearch.write({ page: 1, size: DEFAULT_PAGE_SIZE, name: '', edgeId: '' }).toString()).toBe('');
    const state = { page: 3, size: 10, name: '서울역 <b>', edgeId: 'edge-seoul-01' };
    const params = micTableSearch.write(state);
    expect(params.get('page')).toBe('3');
    expect(params.get('size')).toBe('10');
    expect(micTableSearch.read(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('sends blank filters as absent, not as empty strings', () => {
    expect(listParamsOf({ page: 1, size: 25, name: '  ', edgeId: '' })).toEqual({ page: 1, size: 25 });
    expect(listParamsOf({ page: 2, size: 10, name: ' Busan ', edgeId: 'edge-busan-01 ' })).toEqual({
      page: 2,
      size: 10,
      name: 'Busan',
      edge_id: 'edge-busan-01',
    });
  });
});
