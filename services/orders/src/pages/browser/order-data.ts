/**
 * The service's JSON as the pages read it, checked on the way in: an answer of another shape is
 * dropped rather than drawn half.
 */

export const STATUSES = ['pending', 'in-progress', 'completed', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];

export interface OrderItem {
  menuItemId: string;
  size: string;
  crust: string | null;
  toppings: string[];
  quantity: number;
}

export interface Order {
  id: string;
  customerName: string;
  items: OrderItem[];
  total: number;
  status: Status;
  createdAt: string;
}

export interface StatusChange {
  id: string;
  status: Status;
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStatus(value: unknown): value is Status {
  return STATUSES.some((status) => status === value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

function readItem(value: unknown): OrderItem | null {
  if (!isFields(value)) return null;
  const { menuItemId, size, crust, toppings, quantity } = value;
  if (typeof menuItemId !== 'string' || typeof size !== 'string') return null;
  if (crust !== null && typeof crust !== 'string') return null;
  if (!isStrings(toppings) || typeof quantity !== 'number') return null;
  return { menuItemId, size, crust, toppings, quantity };
}

export function readOrder(value: unknown): Order | null {
  if (!isFields(value)) return null;
  const { id, customerName, items, total, status, createdAt } = value;
  if (typeof id !== 'string' || typeof customerName !== 'string') return null;
  if (typeof total !== 'number' || !isStatus(status) || typeof createdAt !== 'string') return null;
  if (!Array.isArray(items)) return null;
  const read = items.map(readItem);
  if (read.some((item) => item === null)) return null;
  return {
    id,
    customerName,
    items: read.filter((item) => item !== null),
    total,
    status,
    createdAt,
  };
}

export function readStatusChange(value: unknown): StatusChange | null {
  if (!isFields(value)) return null;
  const { id, status } = value;
  return typeof id === 'string' && isStatus(status) ? { id, status } : null;
}

/** Menu item names by id, from `GET /menu`. */
export function readMenuNames(value: unknown): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(value)) return names;
  for (const item of value) {
    if (isFields(item) && typeof item.id === 'string' && typeof item.name === 'string')
      names.set(item.id, item.name);
  }
  return names;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function fetchMenuNames(): Promise<Map<string, string>> {
  const response = await fetch('/menu');
  return response.ok ? readMenuNames(await response.json()) : new Map();
}

export const STATUS_LABELS: Readonly<Record<Status, string>> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** `2 × Pepperoni (large, thin; mushrooms)`. */
export function describeItem(item: OrderItem, names: ReadonlyMap<string, string>): string {
  const name = names.get(item.menuItemId) ?? `Item ${item.menuItemId}`;
  const choices = [item.size, ...(item.crust === null ? [] : [item.crust])].join(', ');
  const toppings = item.toppings.length === 0 ? '' : `; ${item.toppings.join(', ')}`;
  return `${item.quantity} × ${name} (${choices}${toppings})`;
}

/** Whole cents as `40.50`. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
