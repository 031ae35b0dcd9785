// parseDuration: the one duration syntax (seconds by default; ms, s, m, h), in milliseconds.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, parseDuration } from '@searchlab/engine';

describe('parseDuration', () => {
  it.each([
    ['1.5', 1500],
    ['2', 2000],
    ['500ms', 500],
    ['1.5s', 1500],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['2.5e1', 25_000],
    [' 3s ', 3000],
    ['0.001', 1],
  ])('%s → %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '0', '-1', '1.5x', 'ms', 'Infinity', 'NaN', '0x10', '1 h', '1e400', '1,5'])('%j is refused with one line naming it', (text) => {
    expect(() => parseDuration(text)).toThrow(InvalidInputError);
    expect(() => parseDuration(text)).toThrow(/duration/);
  });
});
