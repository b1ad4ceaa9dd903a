import { isSecretQueryName, REDACTED } from './secrets';

/**
 * A URL as it may be logged: the value of every query parameter whose name carries a credential
 * replaced, the rest kept as sent. Names are compared decoded (`%74oken` is `token` to the
 * query parser, so it is to this function too).
 */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return isSecretQueryName(decode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
