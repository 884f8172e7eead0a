import { byId, element } from './dom.js';
import { followEvents, type ServerSentEvent, type StreamState } from './event-stream.js';
import {
  describeItem,
  fetchMenuNames,
  formatCents,
  parseJson,
  readOrder,
  readStatusChange,
  type Order,
  type Status,
} from './order-data.js';
import { sessionToken } from './session-token.js';

/**
 * The order tracker: one order's status, kept current by its event stream and announced in a
 * live region. The order's id is the address's fragment (`/track#<id>`), so a link can name it
 * without sending it to the server; the customer token is typed in once.
 */

const token = sessionToken('orders.customerToken');
const ORDER_ID = /^[0-9a-f]{24}$/;

const form = byId('track-form', HTMLFormElement);
const orderInput = byId('order-id', HTMLInputElement);
const tokenField = byId('token-field', HTMLDivElement);
const tokenInput = byId('token', HTMLInputElement);
const orderView = byId('order', HTMLElement);
const customer = byId('customer', HTMLSpanElement);
const statusLine = byId('order-status', HTMLParagraphElement);
const items = byId('items', HTMLUListElement);
const total = byId('total', HTMLParagraphElement);
const connection = byId('connection', HTMLParagraphElement);

const STATUS_TEXT: Readonly<Record<Status, string>> = {
  pending: 'Pending: the kitchen has your order.',
  'in-progress': 'In progress: your order is being made.',
  completed: 'Completed: your order is ready.',
  cancelled: 'Cancelled: this order was cancelled.',
};

let following: AbortController | null = null;
let finished = false;

function showStatus(status: Status): void {
  statusLine.textContent = STATUS_TEXT[status];
  statusLine.dataset.status = status;
  finished = status === 'completed' || status === 'cancelled';
}

async function showOrder(order: Order): Promise<void> {
  const names = await fetchMenuNames().catch(() => new Map<string, string>());
  customer.textContent = order.customerName;
  items.replaceChildren(...order.items.map((item) => element('li', describeItem(item, names))));
  total.textContent = `Total ${formatCents(order.total)}`;
  orderView.hidden = false;
}

function onEvent(event: ServerSentEvent): void {
  const data = parseJson(event.data);
  // The first event holds the whole order; later ones (or a resumed stream's) its new status.
  const order = readOrder(data);
  if (order !== null) void showOrder(order);
  const change = order ?? readStatusChange(data);
  if (change !== null) showStatus(change.status);
}

const STATE_TEXT: Record<StreamState['kind'], string> = {
  connecting: 'Connecting…',
  live: 'Live: the status changes here as the kitchen moves the order.',
  waiting: 'The connection was interrupted; reconnecting shortly.',
  refused: '',
  finished: 'This order is finished; nothing more will change.',
};

function onState(state: StreamState): void {
  if (state.kind !== 'refused') {
    connection.textContent = STATE_TEXT[state.kind];
    return;
  }
  orderView.hidden = true;
  if (state.status === 401) {
    token.forget();
    tokenField.hidden = false;
    connection.textContent = 'The customer token was refused; type it again.';
    tokenInput.focus();
  } else {
    connection.textContent = 'No order has this number.';
    orderInput.focus();
  }
}

function follow(id: string, stored: string): void {
  following?.abort();
  following = new AbortController();
  finished = false;
  orderView.hidden = true;
  tokenField.hidden = true;
  orderInput.value = id;
  history.replaceState(null, '', `#${id}`);
  void followEvents({
    path: `/orders/${id}/events`,
    token: stored,
    onEvent,
    onState,
    isFinished: () => finished,
    signal: following.signal,
  });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const id = orderInput.value.trim().toLowerCase();
  if (!ORDER_ID.test(id)) {
    connection.textContent = 'An order number is 24 characters, 0-9 and a-f.';
    orderInput.focus();
    return;
  }
  const typed = tokenInput.value.trim();
  if (typed !== '') {
    token.keep(typed);
    tokenInput.value = '';
  }
  const stored = token.read();
  if (stored === null) {
    tokenField.hidden = false;
    connection.textContent = 'Type the customer token.';
    tokenInput.focus();
    return;
  }
  follow(id, stored);
});

const fromAddress = location.hash.slice(1).toLowerCase();
const stored = token.read();
tokenField.hidden = stored !== null;
if (ORDER_ID.test(fromAddress)) {
  orderInput.value = fromAddress;
  if (stored !== null) follow(fromAddress, stored);
}
