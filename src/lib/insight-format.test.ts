import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { chanceOdds, perDayText, pValueText, spanText, usually } from './insight-format';

describe('usually', () => {
  it('says never for a count that almost never happens', () => {
    expect(usually(0)).toEqual({ kind: 'never' });
    expect(usually(0.04)).toEqual({ kind: 'never' });
    expect(usually(Number.NaN)).toEqual({ kind: 'never' });
  });
  it('keeps one decimal below one and whole numbers above', () => {
    expect(usually(0.34)).toEqual({ kind: 'count', value: '0.3' });
    expect(usually(0.96)).toEqual({ kind: 'count', value: '1.0' });
    expect(usually(1.4)).toEqual({ kind: 'count', value: '1' });
    expect(usually(1234.6)).toEqual({ kind: 'count', value: '1,235' });
  });
});

describe('chanceOdds', () => {
  it('rounds the odds to two significant figures', () => {
    expect(chanceOdds(0.001)).toEqual({ kind: 'odds', value: '1,000' });
    expect(chanceOdds(0.00077)).toEqual({ kind: 'odds', value: '1,300' });
    expect(chanceOdds(0.5)).toEqual({ kind: 'odds', value: '2' });
  });
  it('stops at a million', () => {
    expect(chanceOdds(1e-9)).toEqual({ kind: 'tiny' });
    expect(chanceOdds(0)).toEqual({ kind: 'tiny' });
  });
});

describe('pValueText', () => {
  it('shows two significant figures or a floor', () => {
    expect(pValueText(0.000423)).toBe('p = 0.00042');
    expect(pValueText(1e-12)).toBe('p < 0.000001');
  });
});

describe('spanText', () => {
  it('grows coarser with the span', () => {
    expect(spanText(45)).toBe('45 s');
    expect(spanText(12 * 60 + 5)).toBe('12 min');
    expect(spanText(5 * 3600 + 20 * 60)).toBe('5 h 20 min');
    expect(spanText(3 * 3600)).toBe('3 h');
    expect(spanText(52 * 3600)).toBe('2 d 4 h');
  });

  it('speaks the UI language (a Korean screen said "4 min 동안 무음")', async () => {
    await i18n.changeLanguage('ko');
    try {
      expect([45, 4 * 60 + 10, 5 * 3600 + 20 * 60, 52 * 3600].map(spanText)).toEqual([
        '45초',
        '4분',
        '5시간 20분',
        '2일 4시간',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('perDayText', () => {
  it('keeps a decimal for small rates only', () => {
    expect(perDayText(0.44)).toBe('0.4');
    expect(perDayText(12.6)).toBe('13');
  });
});
