import type { Labels, Language } from './api';

/**
 * A text in `language`: its entry in `texts`, else the stored one. No language asked for (a
 * caller that shows stored values) answers the stored one too.
 */
export function inLanguage(texts: Labels | null | undefined, stored: string, language: Language | undefined): string {
  return (language && texts?.[language]) || stored;
}

/** Each text trimmed, as a `label` is; a missing object stays missing. */
export function trimmedTexts(texts: unknown): Labels | undefined {
  if (texts === undefined || texts === null) return undefined;
  return Object.fromEntries(Object.entries(texts as Record<string, string>).map(([language, text]) => [language, text.trim()]));
}
