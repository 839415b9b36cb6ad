import { describe, expect, it } from 'vitest';
import { textOrder } from './collate';

describe('textOrder', () => {
  it('sorts as readers of the language do, not by code point', () => {
    expect(['b', 'Á', 'a', 'B'].sort(textOrder('en'))).toEqual(['a', 'Á', 'b', 'B']);
    expect(['하남', '가락', 'Gate', '나루'].sort(textOrder('ko'))).toEqual(['가락', '나루', '하남', 'Gate']);
  });

  it('keeps one comparer per language, so a sort in a render builds nothing', () => {
    expect(textOrder('ko')).toBe(textOrder('ko'));
    expect(textOrder('ko')).not.toBe(textOrder('en'));
  });
});
