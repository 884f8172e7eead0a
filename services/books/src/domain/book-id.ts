/**
 * The id of the next book: the creation time in ms, unless that would not be greater than the
 * previous id (two creates in one millisecond, or a clock that stepped back); then the previous
 * id + 1. Ids are therefore unique and strictly increasing in creation order.
 */
export function nextBookId(nowMs: number, previousId: number): number {
  return Math.max(Math.trunc(nowMs), previousId + 1);
}
