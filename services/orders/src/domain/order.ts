import type { ObjectId } from 'mongodb';
import type { OrderStatus } from './order-status.js';

/**
 * One line of an order as sold: the choices made, with the prices of the menu at the time of the
 * order (whole cents), so a later menu change leaves the order as it was.
 */
export interface OrderItemRecord {
  menuItemId: ObjectId;
  size: string;
  /** Null for an item that offers no crust. */
  crust: string | null;
  toppings: string[];
  quantity: number;
  /** The size's price plus each topping's. */
  unitPrice: number;
  /** `unitPrice` times `quantity`. */
  lineTotal: number;
}

/** An order as stored; `createdAt` is a BSON date, turned into ISO text only in responses. */
export interface OrderRecord {
  _id: ObjectId;
  customerName: string;
  items: OrderItemRecord[];
  /** The sum of the items' line totals, in cents. */
  total: number;
  status: OrderStatus;
  createdAt: Date;
  /** How many times the order has changed, shown as its ETag; absent (0) until the first change. */
  _version?: number;
}

/** An order before it is stored: the repository gives it its id. */
export type NewOrder = Omit<OrderRecord, '_id'>;
