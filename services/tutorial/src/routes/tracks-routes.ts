import type { Express } from 'express';
import type { AppDeps } from '../app.js';
import { addTrackReply } from '../domain/tracks.js';
import { sendReply } from '../http/send-reply.js';
import { readNewTrack } from '../http/track-schemas.js';

const currentTime = (): Date => new Date();

/** `POST /tracks`: the track is read (and refused with the spec's 400) before the clock is read. */
export function registerTrackRoutes(app: Express, { clock = currentTime }: AppDeps): void {
  app.post('/tracks', (req, res) => {
    const track = readNewTrack(req.body);
    sendReply(res, addTrackReply(track, clock()));
  });
}
