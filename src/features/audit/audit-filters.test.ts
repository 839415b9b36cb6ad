import { describe, expect, it } from 'vitest';
import { auditListQuery, auditSearch } from './audit-filters';

describe('audit filters in the URL', () => {
  it('round-trips a filter, leaving defaults out', () => {
    const search = new URLSearchParams(
      'person=kim&action=mic.update&mic=mic-0048&from=2026-11-01T00:00:00.000Z&page=3',
    );
    const filters = auditSearch.read(search);
    expect(filters).toMatchObject({ person: 'kim', action: 'mic.update', mic: 'mic-0048', page: 3, size: 50 });
    expect(auditSearch.write(filters).toString()).toBe(search.toString());
    expect(auditSearch.write(auditSearch.read(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to "any" for what it cannot read', () => {
    const filters = auditSearch.read(new URLSearchParams('from=yesterday&page=-1&size=7&person=%20'));
    expect(filters).toMatchObject({ from: null, page: 1, size: 50, person: null });
    expect(auditListQuery(filters)).toEqual({
      person: null,
      action: null,
      mic: null,
      from: null,
      to: null,
      page: 1,
      size: 50,
    });
  });
});
