/**
 * Where a book stands. Serialised in JSON as its number, so every member has an explicit value:
 * reordering or adding members must never change what clients already store.
 *
 * The spec names only STATUS_AVAILABLE (set on create). The other members are our design; no route
 * moves a book between them yet (PATCH ignores `status`).
 */
export enum BookStatus {
  STATUS_AVAILABLE = 0,
  STATUS_CHECKED_OUT = 1,
  STATUS_RESERVED = 2,
  STATUS_LOST = 3,
}

/** A book as the store keeps it. Read-only: a stored book changes only through the repository. */
export interface Book {
  /** Creation time in ms since the Unix epoch, bumped past the previous id when needed. */
  readonly id: number;
  readonly title: string;
  readonly author: string;
  /** Whatever the client sent, copied as given; absent when the client sent none. */
  readonly year?: unknown;
  readonly status: BookStatus;
  /** How many times the book has changed since it was created, shown as its ETag. */
  readonly version: number;
}

/** What a client may set: on create `title` and `author` are required, on PATCH all optional. */
export interface NewBook {
  title: string;
  author: string;
  year?: unknown;
}

/** The fields a PATCH changes; a key that is absent leaves that field as it is. */
export type BookChanges = Partial<NewBook>;
