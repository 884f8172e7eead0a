import { safeHtml } from './html.js';
import { htmlReply, type Reply } from './reply.js';

export const GREETING = safeHtml`Hello World! Welcome to the tutorial routes.`;

export function greetingReply(): Reply {
  return htmlReply(GREETING);
}

/** `Number(id)` decides, as the spec says: blank or `0x1f` pass, `abc` does not. */
export function personReply(id: string): Reply {
  if (Number.isNaN(Number(id))) {
    return htmlReply(safeHtml`BAD REQUEST: Person ID must be a number`, 400);
  }
  return htmlReply(safeHtml`You asked for person ${id}`);
}

export function leagueReply(leagueName: string, teamName: string): Reply {
  return htmlReply(safeHtml`You want to know about the ${teamName}? They're in the ${leagueName}!`);
}

export function playReply(artistName: string, songName: string): Reply {
  return htmlReply(safeHtml`Oh, you want to listen to ${songName} by ${artistName}?`);
}
