/** The tokens of the signed-in session, kept across reloads. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface SessionStore {
  get(): Tokens | undefined;
  set(tokens: Tokens): void;
  clear(): void;
}

const KEY = 'atrium.session';

/**
 * The session in localStorage: a reload or a second tab keeps it. The access token lives
 * minutes; the refresh token is single-use and the server revokes the session when a spent one
 * comes back, so only the newest pair is kept.
 */
export function browserSession(storage: Storage = localStorage): SessionStore {
  return {
    get() {
      const raw = storage.getItem(KEY);
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as Tokens;
      } catch {
        return undefined;
      }
    },
    set: (tokens) => storage.setItem(KEY, JSON.stringify(tokens)),
    clear: () => storage.removeItem(KEY),
  };
}

/** A session held in memory (tests). */
export function memorySession(initial?: Tokens): SessionStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => void (tokens = next),
    clear: () => void (tokens = undefined),
  };
}
