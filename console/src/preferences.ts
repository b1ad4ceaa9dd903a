import { createContext, useContext } from 'react';
import type { Language } from './i18n/i18n';

/**
 * The console's own settings, kept in the browser: the theme, and the language in use. The
 * language is changed through Refine's i18n (`changeLocale`); it is read here because Refine's
 * `getLocale` keeps answering the language the page started in.
 */
export interface Preferences {
  dark: boolean;
  setDark(dark: boolean): void;
  language: Language;
}

export const PreferencesContext = createContext<Preferences>({ dark: false, setDark: () => undefined, language: 'en' });

export const usePreferences = (): Preferences => useContext(PreferencesContext);

const THEME_KEY = 'atrium.theme';

/** The theme chosen before, else the system's. */
export function initialDark(): boolean {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved) return saved === 'dark';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** Ant Design's transitions, unless the system asks for reduced motion (WCAG 2.3.3). */
export function motionWanted(): boolean {
  return !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

export function saveDark(dark: boolean): void {
  localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
}
