import { describe, expect, it } from 'vitest';
import { roundOrder } from '../src/round-order.js';

function rounds(count: number, sides: number): number[][] {
  return Array.from({ length: count }, (_, round) => roundOrder(round, sides));
}

describe('roundOrder', () => {
  it('when there are two sides, then they alternate who goes first, round after round', () => {
    expect(rounds(6, 2)).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it('when there are three sides, then every round loads each side once', () => {
    for (const order of rounds(14, 3)) expect([...order].sort()).toEqual([0, 1, 2]);
  });

  it('when three sides run six rounds, then each side takes each place twice', () => {
    const six = rounds(6, 3);
    for (let side = 0; side < 3; side += 1) {
      for (let place = 0; place < 3; place += 1) {
        expect(six.filter((order) => order[place] === side)).toHaveLength(2);
      }
    }
  });

  it('when three sides run six rounds, then each side follows each other side twice', () => {
    const follows = new Map<string, number>();
    for (const order of rounds(6, 3)) {
      for (let place = 1; place < order.length; place += 1) {
        const pair = `${order[place - 1]}>${order[place]}`;
        follows.set(pair, (follows.get(pair) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(follows)).toEqual({
      '0>1': 2,
      '1>2': 2,
      '2>0': 2,
      '1>0': 2,
      '0>2': 2,
      '2>1': 2,
    });
  });
});
