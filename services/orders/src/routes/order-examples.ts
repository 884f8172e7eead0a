import { errorResponse } from '@repo/common';

/** The order id the document's examples use. */
export const ORDER_ID = '6b0133863aff49b5acaf9240';

export const notFound = errorResponse('No order has the id.', `Order ${ORDER_ID} not found`);
