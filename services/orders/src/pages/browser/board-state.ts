import type { Order, Status } from './order-data.js';

/** How far along each status is: an order's status on the board only ever goes up. */
const STEP: Readonly<Record<Status, number>> = {
  pending: 0,
  'in-progress': 1,
  completed: 2,
  cancelled: 2,
};
const FINISHED = 2;

/** The next status of an order the kitchen moves forward, if any. */
export function nextStatus(status: Status): Status | null {
  if (status === 'pending') return 'in-progress';
  if (status === 'in-progress') return 'completed';
  return null;
}

interface Entry {
  order: Order | null;
  status: Status;
}

/**
 * The orders the board knows, from the queue it read and the events it was sent, in whatever
 * order they arrive: a status only moves forward, so a change seen twice, or one the queue
 * already showed, changes nothing.
 */
export class BoardState {
  private readonly entries = new Map<string, Entry>();

  /** Whether the board changed. */
  apply(id: string, status: Status, order: Order | null = null): boolean {
    const entry = this.entries.get(id);
    if (entry === undefined) {
      this.entries.set(id, { order: STEP[status] === FINISHED ? null : order, status });
      return true;
    }
    let changed = false;
    if (entry.order === null && order !== null) {
      entry.order = order;
      changed = true;
    }
    if (STEP[status] > STEP[entry.status]) {
      entry.status = status;
      changed = true;
    }
    // A finished order leaves the board: only its status is kept, so no late event brings it back.
    if (STEP[entry.status] === FINISHED) entry.order = null;
    return changed;
  }

  statusOf(id: string): Status | undefined {
    return this.entries.get(id)?.status;
  }

  /** The orders in one status, oldest first. */
  column(status: Status): Order[] {
    return [...this.entries.values()]
      .filter((entry) => entry.status === status && entry.order !== null)
      .map((entry) => entry.order)
      .filter((order) => order !== null)
      .sort((left, right) => left.createdAt.localeCompare(right.createdAt));
  }
}
