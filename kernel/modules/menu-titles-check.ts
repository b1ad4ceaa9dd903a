import { LANGUAGES } from '../errors/error-catalogue';
import type { LoadedModule } from './loaded-module';

/** The manifest's own limit on a menu `title` (contract section 8), held to its translations too. */
const MAX_TITLE = 256;

/**
 * Problems with a module's `menuTitles`, one sentence each: a language no request can ask for, a
 * path its manifest does not declare (a translation that could never be shown is a mistake, most
 * likely a typo or a menu renamed in one place only), or a title the manifest would not accept.
 */
export function menuTitleProblems(module: LoadedModule): string[] {
  const translations: unknown = module.definition.menuTitles;
  if (translations === undefined) return [];
  if (!isRecord(translations)) return ['menuTitles must be an object of languages, each an object of menu path → title'];
  const declared = new Set((module.manifest.menus ?? []).map((menu) => menu.path));
  const problems: string[] = [];
  for (const [language, titles] of Object.entries(translations)) {
    if (!(LANGUAGES as readonly string[]).includes(language)) {
      problems.push(`menuTitles names language "${language}", which is not supported: use ${LANGUAGES.join(' or ')}`);
      continue;
    }
    if (!isRecord(titles)) {
      problems.push(`menuTitles.${language} must be an object of menu path → title`);
      continue;
    }
    for (const [path, title] of Object.entries(titles)) {
      if (!declared.has(path)) {
        problems.push(
          `menuTitles.${language} translates menu path "${path}", which the manifest does not declare: add it to "menus" in ${module.file}, or drop it`,
        );
      } else if (typeof title !== 'string' || title.length < 1 || title.length > MAX_TITLE) {
        problems.push(`menuTitles.${language} gives menu path "${path}" a title that is not a string of 1 to ${MAX_TITLE} characters`);
      }
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
