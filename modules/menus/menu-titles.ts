import type { Language, MenuTitles } from '@atrium/kernel';
import type { MenuTitleTexts } from './api';

/**
 * A module menu's titles per language, from the translations its module's code declares
 * (`defineModule({ menuTitles })`, keyed by language then path): only the languages that name it.
 */
export function declaredTitles(translations: MenuTitles, path: string): MenuTitleTexts {
  const titles: Partial<Record<Language, string>> = {};
  for (const [language, byPath] of Object.entries(translations) as Array<[Language, Readonly<Record<string, string>> | undefined]>) {
    if (byPath && Object.hasOwn(byPath, path)) titles[language] = byPath[path];
  }
  return titles;
}

/** The same text in every language, whatever order the keys came in (a JSON column keeps none). */
export function sameTitles(a: MenuTitleTexts | null | undefined, b: MenuTitleTexts | null | undefined): boolean {
  const [left, right] = [a ?? {}, b ?? {}];
  const languages = new Set([...Object.keys(left), ...Object.keys(right)]) as Set<Language>;
  return [...languages].every((language) => left[language] === right[language]);
}

/** The title to show in `language`: the menu's own in it, else the stored one (also with no language asked for). */
export function titleIn(menu: { title: string; titles?: MenuTitleTexts | null }, language: Language | undefined): string {
  return (language && menu.titles?.[language]) || menu.title;
}
