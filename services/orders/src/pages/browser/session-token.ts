/**
 * A token typed once per browser tab: kept in sessionStorage (gone when the tab closes), sent
 * only in the Authorization header, never in an address.
 */
export interface TokenStore {
  read(): string | null;
  keep(token: string): void;
  forget(): void;
}

export function sessionToken(key: string): TokenStore {
  return {
    read: () => sessionStorage.getItem(key),
    keep: (token) => sessionStorage.setItem(key, token),
    forget: () => sessionStorage.removeItem(key),
  };
}

/** The Authorization header of the service's strict form: `Bearer <token>`. */
export function authorization(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
