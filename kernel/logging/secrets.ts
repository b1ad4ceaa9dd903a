/**
 * Names whose values never reach a log line: object keys anywhere in a logged object (two
 * levels deep covers `body.password`, `headers.authorization`, `err.config.token`…) and query
 * parameters of a logged URL. Pino's redaction matches keys exactly, so the snake_case
 * spellings clients send are listed beside the camelCase ones.
 */
export const SECRET_KEYS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'password',
  'oldPassword',
  'newPassword',
  'old_password',
  'new_password',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'idToken',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'apiKey',
  'api_key',
  'signature',
  'sig',
];

/** Query parameters that are credentials in a URL (signed links) though harmless as log keys. */
const SECRET_QUERY_ONLY = ['key'];

export const REDACTED = '[redacted]';

/** `access_token`, `Access-Token`, `accessToken` and `token[]` all name the same thing. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const SECRET_QUERY_NAMES = new Set([...SECRET_KEYS, ...SECRET_QUERY_ONLY].map(normalise));

/** Whether a query parameter's (decoded) name carries a credential. */
export function isSecretQueryName(name: string): boolean {
  return SECRET_QUERY_NAMES.has(normalise(name));
}

/** Pino redaction paths for every secret key, at the top level and one and two levels down. */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(key);
    const segment = plain ? `.${key}` : `["${key}"]`;
    paths.push(plain ? key : segment, `*${segment}`, `*.*${segment}`);
  }
  return paths;
}
