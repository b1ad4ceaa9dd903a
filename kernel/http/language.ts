import type { Language } from '../errors/error-catalogue';

/**
 * Picks `zh` or `en` from an Accept-Language header: the supported language with the highest
 * q-value wins (`zh-*` counts as zh); q=0 excludes; anything else falls back to English.
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const language = supported(tag.trim().toLowerCase());
    if (!language) continue;
    const q = quality(params);
    if (q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}

function supported(tag: string): Language | undefined {
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return undefined;
}

function quality(params: string[]): number {
  for (const param of params) {
    const [key, value] = param.split('=').map((s) => s.trim());
    if (key === 'q') {
      const q = Number(value);
      return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
    }
  }
  return 1;
}
