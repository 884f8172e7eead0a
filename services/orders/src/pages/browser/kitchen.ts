import { BoardState, nextStatus } from './board-state.js';
import { byId, element } from './dom.js';
import { followEvents, type ServerSentEvent, type StreamState } from './event-stream.js';
import {
  describeItem,
  fetchMenuNames,
  formatCents,
  parseJson,
  readOrder,
  readStatusChange,
  STATUS_LABELS,
  type Order,
  type Status,
} from './order-data.js';
import { authorization, sessionToken } from './session-token.js';

/**
 * The kitchen board: pending and in-progress orders, kept current by the shop's event stream,
 * each with a button that moves it one step forward. Completed and cancelled orders leave it.
 */

const token = sessionToken('orders.staffToken');
const board = new BoardState();
let menuNames = new Map<string, string>();

const tokenForm = byId('token-form', HTMLFormElement);
const tokenInput = byId('token', HTMLInputElement);
const boardView = byId('board', HTMLDivElement);
const connection = byId('connection', HTMLParagraphElement);
const news = byId('news', HTMLParagraphElement);
const COLUMNS: readonly { status: Status; list: HTMLUListElement; count: HTMLSpanElement }[] = [
  {
    status: 'pending',
    list: byId('pending', HTMLUListElement),
    count: byId('pending-count', HTMLSpanElement),
  },
  {
    status: 'in-progress',
    list: byId('in-progress', HTMLUListElement),
    count: byId('in-progress-count', HTMLSpanElement),
  },
];

const MOVE_LABELS: Partial<Record<Status, string>> = {
  pending: 'Start',
  'in-progress': 'Complete',
};

let following: AbortController | null = null;

function say(message: string): void {
  news.textContent = message;
}

function orderCard(order: Order, status: Status): HTMLLIElement {
  const headingId = `order-${order.id}-name`;
  const items = element(
    'ul',
    undefined,
    { class: 'items' },
    order.items.map((item) => element('li', describeItem(item, menuNames))),
  );
  const placed = new Date(order.createdAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });
  const children: Node[] = [
    element('h3', order.customerName, { id: headingId }),
    element('p', `Placed ${placed}, total ${formatCents(order.total)}`),
    items,
  ];
  const label = MOVE_LABELS[status];
  if (label !== undefined) {
    const button = element('button', label, {
      type: 'button',
      'aria-label': `${label} the order of ${order.customerName}`,
    });
    button.addEventListener('click', () => void move(order, button));
    children.push(button);
  }
  return element('li', undefined, { class: 'order', 'data-order-id': order.id }, [
    element('article', undefined, { 'aria-labelledby': headingId }, children),
  ]);
}

/** The button of the order's card, wherever the card is now. */
function moveButton(id: string): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-order-id="${CSS.escape(id)}"] button`);
}

/** Draws both columns again, keeping the focus on the order that had it, wherever it went. */
function render(): void {
  const focused = document.activeElement?.closest('[data-order-id]')?.getAttribute('data-order-id');
  for (const { status, list, count } of COLUMNS) {
    const orders = board.column(status);
    list.replaceChildren(...orders.map((order) => orderCard(order, status)));
    count.textContent = `(${orders.length})`;
  }
  if (focused !== null && focused !== undefined) moveButton(focused)?.focus();
}

/** Names the items of orders placed on menu items the board has not heard of yet. */
async function nameItems(order: Order): Promise<void> {
  if (order.items.every((item) => menuNames.has(item.menuItemId))) return;
  menuNames = await fetchMenuNames().catch(() => menuNames);
  render();
}

function apply(id: string, status: Status, order: Order | null = null): void {
  if (board.apply(id, status, order)) render();
}

async function move(order: Order, button: HTMLButtonElement): Promise<void> {
  const current = board.statusOf(order.id);
  const target = current === undefined ? null : nextStatus(current);
  if (target === null) return;
  button.disabled = true;
  const stored = token.read() ?? '';
  const response = await fetch(`/orders/${encodeURIComponent(order.id)}`, {
    method: 'PATCH',
    headers: { ...authorization(stored), 'content-type': 'application/json' },
    body: JSON.stringify({ status: target }),
  }).catch(() => null);
  button.disabled = false;
  if (response === null) {
    say(`Could not reach the service to move the order of ${order.customerName}; try again.`);
    return;
  }
  if (response.status === 401) {
    signOut('The staff token was refused; type it again.');
    return;
  }
  const moved = readOrder(await response.json().catch(() => null));
  if (response.ok && moved !== null) {
    say(`The order of ${order.customerName} is now ${STATUS_LABELS[moved.status].toLowerCase()}.`);
    apply(moved.id, moved.status, moved);
    // The button was disabled while the move was sent, which took the focus from it.
    (moveButton(moved.id) ?? moveButton(board.column('in-progress')[0]?.id ?? ''))?.focus();
    return;
  }
  // 409 or 404: moved or cancelled meanwhile, a change the stream brings.
  const why =
    response.status === 409 || response.status === 404
      ? 'it has changed meanwhile'
      : `the service answered ${response.status}; try again`;
  say(`The order of ${order.customerName} could not be moved: ${why}.`);
}

function onEvent(event: ServerSentEvent): void {
  const data = parseJson(event.data);
  if (event.event === 'order.placed') {
    const order = readOrder(data);
    if (order === null) return;
    if (board.statusOf(order.id) === undefined) say(`New order from ${order.customerName}.`);
    apply(order.id, order.status, order);
    void nameItems(order);
    return;
  }
  const change = readStatusChange(data);
  if (change !== null) apply(change.id, change.status);
}

/** The target of `Link: <…>; rel="next"`, if the answer has one. */
function nextPage(link: string | null): string | null {
  const next = (link ?? '').split(',').find((part) => part.includes('rel="next"'));
  if (next === undefined) return null;
  const start = next.indexOf('<');
  const end = next.indexOf('>', start);
  return start === -1 || end === -1 ? null : next.slice(start + 1, end);
}

/** The queue of one status, page after page (`Link: <…>; rel="next"`). */
async function readQueue(status: Status, stored: string): Promise<Order[]> {
  const orders: Order[] = [];
  let next: string | null = `/orders?status=${status}&limit=100`;
  while (next !== null) {
    const response: Response = await fetch(next, {
      headers: authorization(stored),
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`the queue answered ${response.status}`);
    const page: unknown = await response.json();
    if (Array.isArray(page))
      for (const entry of page) {
        const order = readOrder(entry);
        if (order !== null) orders.push(order);
      }
    next = nextPage(response.headers.get('link'));
  }
  return orders;
}

/**
 * Read once the stream is open: the stream has every change from a moment before it opened, the
 * queue every order up to now, so between them nothing is missed.
 */
async function readBoard(stored: string): Promise<void> {
  menuNames = await fetchMenuNames();
  for (const status of ['pending', 'in-progress'] as const) {
    for (const order of await readQueue(status, stored)) board.apply(order.id, order.status, order);
  }
  render();
}

const STATE_TEXT: Record<StreamState['kind'], string> = {
  connecting: 'Connecting to the kitchen stream…',
  live: 'Live: new orders and changes appear as they happen.',
  waiting: 'The stream was interrupted; reconnecting shortly.',
  refused: 'The staff token was refused; type it again.',
  finished: 'The stream has ended.',
};

function onState(state: StreamState): void {
  if (state.kind === 'refused') {
    signOut(STATE_TEXT.refused);
    return;
  }
  connection.textContent = STATE_TEXT[state.kind];
}

function follow(stored: string): void {
  following?.abort();
  following = new AbortController();
  tokenForm.hidden = true;
  boardView.hidden = false;
  void followEvents({
    path: '/orders/events',
    token: stored,
    onEvent,
    onState,
    onOpen: () => readBoard(stored),
    signal: following.signal,
  });
}

function signOut(message: string): void {
  following?.abort();
  following = null;
  token.forget();
  boardView.hidden = true;
  tokenForm.hidden = false;
  connection.textContent = message;
  tokenInput.focus();
}

tokenForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const typed = tokenInput.value.trim();
  if (typed === '') return;
  token.keep(typed);
  tokenInput.value = '';
  follow(typed);
});

const stored = token.read();
if (stored !== null) follow(stored);
