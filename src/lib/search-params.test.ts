import { describe, expect, it } from 'vitest';
import {
  dateTime,
  defineSearchParams,
  flag,
  listEdit,
  list,
  numberOf,
  oneOf,
  positiveInt,
  text,
  timeWindow,
  typedText,
} from './search-params';

const page = defineSearchParams({
  edgeId: text().as('edge_id'),
  name: typedText(),
  status: oneOf(['active', 'inactive'], null),
  since: dateTime(),
  window: timeWindow(15, 1440),
  mic: list(),
  chime: flag(),
  page: positiveInt(1),
  size: numberOf([10, 25, 50], 25),
});
const read = (search: string) => page.read(new URLSearchParams(search));

describe('defineSearchParams', () => {
  it('gives the defaults for an empty URL and writes nothing for them', () => {
    expect(read('')).toEqual({
      edgeId: null,
      name: '',
      status: null,
      since: null,
      window: 15,
      mic: [],
      chime: false,
      page: 1,
      size: 25,
    });
    expect(page.write(read('')).toString()).toBe('');
  });

  it('reads every kind and round-trips it in declaration order', () => {
    const search =
      'edge_id=edge-a&name=+Busan+&status=inactive&since=2026-11-20T00%3A00%3A00.000Z&window=2h&mic=a&mic=b&chime=1&page=3&size=50';
    const values = read(search);
    expect(values).toEqual({
      edgeId: 'edge-a',
      name: ' Busan ',
      status: 'inactive',
      since: '2026-11-20T00:00:00.000Z',
      window: 120,
      mic: ['a', 'b'],
      chime: true,
      page: 3,
      size: 50,
    });
    expect(page.write(values).toString()).toBe(search);
  });

  it('falls back per field on what it cannot read, and agrees on whole numbers', () => {
    expect(
      read('edge_id=%20&status=gone&since=yesterday&window=forever&mic=&mic=a&mic=a&chime=maybe&page=1e1&size=7'),
    ).toEqual({ ...page.defaults, mic: ['a'] });
    for (const bad of ['-2', '0', '2.5', '1e1', 'abc', '']) expect(read(`page=${bad}`).page).toBe(1);
  });

  it('keeps parameters it does not know after its own', () => {
    expect(page.write({ ...page.defaults, status: 'active' }, new URLSearchParams('foo=1&status=x')).toString()).toBe(
      'status=active&foo=1',
    );
  });
});

describe('listEdit', () => {
  it('applies a pick to the list as it is now, so a second pick made before a render keeps the first', () => {
    // Both picks were made from a control last rendered with no mic picked.
    const first = listEdit([], ['mic-0001']);
    const second = listEdit([], ['mic-0002']);
    expect(second(first([]))).toEqual(['mic-0001', 'mic-0002']);
  });

  it('removes what the control removed and adds nothing twice', () => {
    expect(listEdit(['a', 'b'], ['b'])(['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(listEdit([], ['c'])(['c'])).toEqual(['c']);
  });
});
