/** Client configuration, read once from Vite's build-time env. */
export interface ClientConfig {
  /** Base of the social API (auth, users, posts). */
  apiUrl: string;
  /** Base of the generation and Bot Folk API, which may be served elsewhere. */
  genApiUrl: string;
}

/** The API of the server that sent the page. */
export const DEFAULT_BASE = '/api';

/** Unset or empty means the default; a bad value fails at startup naming the variable. */
export function parseBaseUrl(name: string, value: string | undefined): string {
  const raw = value?.trim();
  if (!raw) return DEFAULT_BASE;
  if (!/^(\/|https?:\/\/)/.test(raw)) {
    throw new Error(`${name} must be a path starting with / or an http(s) URL (got ${JSON.stringify(raw)})`);
  }
  // Callers append paths that start with "/".
  return raw.replace(/\/+$/, '') || '/';
}

export const config: ClientConfig = Object.freeze({
  apiUrl: parseBaseUrl('VITE_API_URL', import.meta.env.VITE_API_URL),
  genApiUrl: parseBaseUrl('VITE_GEN_API_URL', import.meta.env.VITE_GEN_API_URL),
});

/**
 * Generation and Bot Folk are this server's (VITE_GEN_API_URL unset), so its page render can read
 * their answers in-process; another host's answers are that host's to give.
 */
export const genApiServedHere = config.genApiUrl === DEFAULT_BASE;
