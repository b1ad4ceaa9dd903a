import { unsupported } from './content-type';

/**
 * Checks, chunk by chunk, that content taken for text is what `text/plain; charset=utf-8`
 * promises: well-formed UTF-8 (a character split across chunks is fine, a truncated one at the
 * end is not) and no NUL anywhere. Throws the 415 at the first chunk that breaks it.
 */
export class Utf8Text {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  push(chunk: Buffer): void {
    if (chunk.includes(0)) throw unsupported('the content holds NUL bytes, so it is no text, and of no type uploads may have');
    this.decode(() => this.decoder.decode(chunk, { stream: true }));
  }

  end(): void {
    this.decode(() => this.decoder.decode());
  }

  private decode(step: () => string): void {
    try {
      step();
    } catch {
      throw unsupported('the content is neither UTF-8 text nor of a type uploads may have');
    }
  }
}
