import type { Express } from 'express';
import { formPageReply, shippingReply, SUBMIT_PATH } from '../domain/shipping-form.js';
import { sendReply } from '../http/send-reply.js';

/**
 * The shipping form and its submission. The fields are free text read leniently by the domain
 * (a missing one reads as empty), so no reader refuses anything here.
 */
export function registerFormRoutes(app: Express): void {
  app.get('/getform', (_req, res) => sendReply(res, formPageReply()));

  app.post(SUBMIT_PATH, (req, res) => sendReply(res, shippingReply(req.body)));
}
