import { describe, expect, it } from 'vitest';
import { median, percentile, ratio, spread } from '../src/stats.js';

describe('median', () => {
  it('when the count is odd, then it is the middle value of the sorted samples', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('when the count is even, then it is the mean of the two middle values', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('when there are no samples, then it is NaN', () => {
    expect(median([])).toBeNaN();
  });

  it('when given samples, then it leaves the caller’s array in its order', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  it('when asked for p99 of 1..100, then it is 99 (nearest rank)', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 100)).toBe(100);
  });

  it('when p is 0 or below, then it is the smallest sample', () => {
    expect(percentile([7, 3, 5], 0)).toBe(3);
    expect(percentile([7, 3, 5], -10)).toBe(3);
  });
});

describe('ratio', () => {
  it('when both sides are numbers, then it divides them', () => {
    expect(ratio(9_000, 10_000)).toBeCloseTo(0.9);
  });

  it('when the divisor is zero or a side is not finite, then it is NaN', () => {
    expect(ratio(5, 0)).toBeNaN();
    expect(ratio(Number.NaN, 2)).toBeNaN();
    expect(ratio(2, Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('spread', () => {
  it('when samples vary, then it is (max - min) / median', () => {
    expect(spread([90, 100, 110])).toBeCloseTo(0.2);
  });

  it('when all samples are equal, then it is 0', () => {
    expect(spread([4, 4, 4])).toBe(0);
  });
});
