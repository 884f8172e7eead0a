/**
 * Serialised as its number, so every member has an explicit value that must never change. The
 * contract names only STATUS_AVAILABLE; no route moves a book to the others yet (PATCH ignores it).
 */
export enum BookStatus {
  STATUS_AVAILABLE = 0,
  STATUS_CHECKED_OUT = 1,
  STATUS_RESERVED = 2,
  STATUS_LOST = 3,
}

/** Read-only: a stored book changes only through the repository. */
export interface Book {
  /** Creation time in ms since the Unix epoch, bumped past the previous id when needed. */
  readonly id: number;
  readonly title: string;
  readonly author: string;
  /** As the client sent it; absent when it sent none. */
  readonly year?: unknown;
  readonly status: BookStatus;
  /** How many times the book has changed since it was created, shown as its ETag. */
  readonly version: number;
}

/** What a client may set; on PATCH all optional. */
export interface NewBook {
  title: string;
  author: string;
  year?: unknown;
}

export type BookChanges = Partial<NewBook>;
