import type { I18nProvider } from '@refinedev/core';
import { en, type MessageKey } from './en';
import { zh } from './zh';

export type Language = 'en' | 'zh';

const DICTIONARIES: Record<Language, Record<MessageKey, string>> = { en, zh };
const KEY = 'atrium.language';

/** The language chosen before, else the browser's (what it sends as Accept-Language): zh-* is Chinese. */
export function initialLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  if (saved === 'en' || saved === 'zh') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function saveLanguage(language: Language): void {
  localStorage.setItem(KEY, language);
}

/** `{{name}}` in a message, replaced by the option of that name. */
export function translate(language: Language, key: string, options?: Record<string, unknown>, fallback?: string): string {
  const text = DICTIONARIES[language][key as MessageKey] ?? fallback ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
}

/**
 * Refine's i18n over the two dictionaries. Keys Refine asks that the console does not have
 * (its buttons' defaults) fall back to the default text Refine passes.
 */
export function i18nProvider(language: Language, change: (language: Language) => void): I18nProvider {
  return {
    translate: (key, options, fallback) => {
      const values = typeof options === 'string' ? undefined : (options as Record<string, unknown> | undefined);
      const defaultText = typeof options === 'string' ? options : fallback;
      return translate(language, key, values, defaultText);
    },
    changeLocale: (next) => change(next as Language),
    getLocale: () => language,
  };
}
