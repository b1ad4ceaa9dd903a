/** The monitor's figures as a person reads them; sizes in bytes are the assets page's `formatSize`. */

const PERCENT = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** A fraction as a percent in the reader's locale, to one decimal: 0.875 is `87.5%`. */
export function formatPercent(fraction: number): string {
  return PERCENT.format(fraction);
}

/** `part` as a percent of `whole`, to one decimal, for a progress bar: 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** A delay in milliseconds, to one decimal: `12.3 ms`. */
export function formatMs(ms: number): string {
  return `${Math.round(ms * 10) / 10} ms`;
}

const UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
] as const;

export type UptimeUnit = (typeof UNITS)[number][0];

export interface UptimePart {
  unit: UptimeUnit;
  value: number;
}

/**
 * An uptime as its two largest units, the smaller rounded down and left out when nought:
 * 7 500 s is 2 h 5 min, 90 000 s is 1 d 1 h, 7 200 s is 2 h. The units are named by the caller
 * (in the reader's language).
 */
export function uptimeParts(seconds: number): UptimePart[] {
  const whole = Math.max(0, Math.floor(seconds));
  const largest = UNITS.findIndex(([, size]) => whole >= size);
  if (largest === -1) return [{ unit: 's', value: 0 }];
  const [[unit, size], next] = UNITS.slice(largest, largest + 2);
  const parts: UptimePart[] = [{ unit, value: Math.floor(whole / size) }];
  if (next) {
    const value = Math.floor((whole % size) / next[1]);
    if (value > 0) parts.push({ unit: next[0], value });
  }
  return parts;
}
