import type { ObjectId } from 'mongodb';
import type { OrderStatus } from './order-status.js';

export interface OrderItemRecord {
  menuItemId: ObjectId;
  toppings: string[];
}

/** An order as stored; `createdAt` is a BSON date, turned into ISO text only in responses. */
export interface OrderRecord {
  _id: ObjectId;
  customerName: string;
  items: OrderItemRecord[];
  status: OrderStatus;
  createdAt: Date;
}

/** An order before it is stored: the repository gives it its id. */
export type NewOrder = Omit<OrderRecord, '_id'>;
