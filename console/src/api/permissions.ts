/**
 * Whether `held` (the caller's codes, where any segment may be `*`) grants `required`, as the
 * server decides it: three segments, each equal or a wildcard.
 */
export function grants(held: readonly string[], required: string): boolean {
  const wanted = required.split(':');
  return held.some((code) => {
    const segments = code.split(':');
    return segments.length === wanted.length && segments.every((segment, i) => segment === '*' || segment === wanted[i]);
  });
}
