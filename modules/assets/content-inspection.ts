import crypto from 'node:crypto';
import { AppError } from '@atrium/kernel';
import { HEAD_BYTES, TEXT_PLAIN, decideType } from './content-type';
import { AssetErrors } from './errors';
import type { UploadPolicy } from './settings';
import { Utf8Text } from './utf8-text';

/** What an upload turned out to be, once all of it went through. */
export interface InspectedFile {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError(AssetErrors.ASSET_TOO_LARGE_413, { details: [{ field: '/body/file', rule: 'maxBytes', message: `must be at most ${maxBytes} bytes` }] });
}

/**
 * Everything an upload is checked for, on its way to the store: its size against the limit (the
 * moment it is passed), its type from its first bytes (held back until decided, so a refused
 * file never reaches the store), its whole text when it is taken for text, and its sha256.
 */
export class ContentInspection {
  private readonly hash = crypto.createHash('sha256');
  private size = 0;
  private contentType: string | undefined;
  private text: Utf8Text | undefined;
  /** Why the content was refused (413 or 415), once it has been. */
  refusal: AppError | undefined;

  constructor(
    private readonly policy: UploadPolicy,
    /** The normalised name: its extension must not name another type than the content. */
    private readonly filename: string,
  ) {}

  /** Yields `source` as it goes, or throws the refusal. */
  async *pass(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      let head: Buffer[] = [];
      let headBytes = 0;
      for await (const chunk of source) {
        this.take(chunk);
        if (this.contentType !== undefined) {
          this.text?.push(chunk);
          yield chunk;
          continue;
        }
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= HEAD_BYTES) {
          yield await this.decide(Buffer.concat(head));
          head = [];
        }
      }
      if (this.contentType === undefined) {
        const all = await this.decide(Buffer.concat(head));
        if (all.length > 0) yield all;
      }
      this.text?.end();
    } catch (error) {
      if (error instanceof AppError) this.refusal ??= error;
      throw error;
    }
  }

  /** Available once `pass` has yielded everything. */
  result(): InspectedFile {
    return { filename: this.filename, contentType: this.contentType!, size: this.size, sha256: this.hash.digest('hex') };
  }

  private take(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.policy.maxBytes) throw tooLarge(this.policy.maxBytes);
    this.hash.update(chunk);
  }

  private async decide(head: Buffer): Promise<Buffer> {
    this.contentType = await decideType(head.subarray(0, HEAD_BYTES), this.filename, this.policy.allowedTypes);
    if (this.contentType === TEXT_PLAIN) {
      this.text = new Utf8Text();
      this.text.push(head);
    }
    return head;
  }
}
