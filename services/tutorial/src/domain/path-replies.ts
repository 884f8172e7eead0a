import { safeHtml } from './html.js';
import { htmlReply, type Reply } from './reply.js';

export const GREETING = safeHtml`Hello World! Welcome to the tutorial routes.`;

export function greetingReply(): Reply {
  return htmlReply(GREETING);
}

/** The id is echoed as written (`1e3` stays `1e3`); `readPersonId` has checked that it is a number. */
export function personReply(id: string): Reply {
  return htmlReply(safeHtml`You asked for person ${id}`);
}

export function leagueReply(leagueName: string, teamName: string): Reply {
  return htmlReply(safeHtml`You want to know about the ${teamName}? They're in the ${leagueName}!`);
}

export function playReply(artistName: string, songName: string): Reply {
  return htmlReply(safeHtml`Oh, you want to listen to ${songName} by ${artistName}?`);
}
