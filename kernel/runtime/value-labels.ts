import { spi } from '../di/tokens';
import type { Language } from '../errors/error-catalogue';

/**
 * Where the labels of coded values come from: a user's `status` of `active` reads "Active" or
 * "正常" in a spreadsheet. The dictionaries module contributes the source; the kernel (the
 * resource kit's exports) asks it without knowing who answers. Without a contribution — the
 * dictionaries module disabled — values are shown as stored.
 */
export interface ValueLabelSource {
  /**
   * The labels of the code list `code` (a dictionary's code, `sys_user_status`) as the caller's
   * tenant reads it, in `language`: value → label. Empty when no such list exists.
   */
  labelsOf(code: string, language: Language): Promise<ReadonlyMap<string, string>>;
}

/** Owned by the kernel: the dictionaries module contributes the one source. */
export const ValueLabelSpi = spi<ValueLabelSource>('kernel.value-labels');

/**
 * The labels of one code list from the contributed sources, the first source that knows the list
 * answering; empty without a source (then values are shown as stored).
 */
export async function labelsFrom(sources: readonly ValueLabelSource[], code: string, language: Language): Promise<ReadonlyMap<string, string>> {
  for (const source of sources) {
    const labels = await source.labelsOf(code, language);
    if (labels.size > 0) return labels;
  }
  return new Map();
}
