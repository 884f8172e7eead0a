import type { Server } from 'node:http';
import express, { type Express, type Response } from 'express';
import type { BaselineRoute, Reply } from '../baselines/types.js';
import { closeServer, portOf } from './close.js';
import type { BaselineServer, RunningBaseline } from './types.js';

function send(res: Response, reply: Reply): void {
  if (reply.headers !== undefined) res.set(reply.headers);
  if (reply.json !== undefined) res.status(reply.status).json(reply.json);
  else if (reply.text !== undefined) res.status(reply.status).send(reply.text);
  else res.sendStatus(reply.status);
}

/** The route's work on an Express app, behind `express.json()` when it reads a body. */
export function addExpressRoute(app: Express, route: BaselineRoute): void {
  const method = route.method === 'GET' ? 'get' : route.method === 'POST' ? 'post' : 'patch';
  const handlers = route.jsonBody ? [express.json()] : [];
  app[method](route.path, ...handlers, async (req, res) => {
    const params = req.params as Record<string, string>;
    send(res, await route.handle({ params, body: req.body, headers: req.headers }));
  });
}

/** `app.listen`, resolved once the app listens. */
export async function listenExpress(app: Express, port: number): Promise<RunningBaseline> {
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  return { port: portOf(server), close: () => closeServer(server) };
}

/** Bare Express 5: the route alone. */
export const expressServer: BaselineServer = async (route, port) => {
  const app = express();
  addExpressRoute(app, route);
  return listenExpress(app, port);
};
