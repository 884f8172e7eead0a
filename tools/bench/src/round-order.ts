/**
 * The order in which `sides` processes are loaded in round `round` (indexes 0..sides-1), so that
 * a drift over the run (the database growing, a heap filling, the machine's other work) favours
 * none: every `sides` rounds each side takes each place once, and every other such cycle runs
 * backwards so each side also follows each other side equally often (from three sides on, a
 * plain rotation would always put the same side after a given one). Two sides simply alternate:
 * 0 1, 1 0, 0 1, ...
 */
export function roundOrder(round: number, sides: number): number[] {
  const cycle = Math.floor(round / sides);
  const place = round % sides;
  const rotation = (start: number): number[] =>
    Array.from({ length: sides }, (_, offset) => (start + offset) % sides);
  return cycle % 2 === 0 ? rotation(place) : rotation(sides - 1 - place).reverse();
}
