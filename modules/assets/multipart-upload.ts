import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import Busboy from 'busboy';
import { AppError, KernelErrors } from '@atrium/kernel';
import type { AssetStore } from './api';
import { ContentInspection, tooLarge, type InspectedFile } from './content-inspection';
import { normaliseFilename } from './filename';
import type { UploadPolicy } from './settings';

/** The multipart field that carries the file. */
export const FILE_FIELD = 'file';

/**
 * What a multipart body may carry beyond its file: a boundary, one part's headers (busboy reads
 * at most 16 KiB of them), a preamble. A body declared longer than the limit plus this cannot
 * hold a file within the limit, so it is refused before a byte of it is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function badPart(message: string, rule = 'multipart'): AppError {
  return new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/file', rule, message }] });
}

/**
 * Streams the one file of a multipart body into `store` under `key`, checked on the way
 * (content-inspection.ts), and answers what it was. On any refusal or failure it stops reading
 * the request at once and rejects — only after the store has stopped writing, so the caller can
 * then delete the key and leave nothing behind.
 */
export function receiveUpload(raw: IncomingMessage, store: AssetStore, key: string, policy: UploadPolicy): Promise<InspectedFile> {
  const declared = Number(raw.headers['content-length']);
  if (declared > policy.maxBytes + MULTIPART_OVERHEAD_BYTES) return Promise.reject(tooLarge(policy.maxBytes));
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: raw.headers,
      // One byte over the limit is where the limit is passed: busboy flags a file that reaches
      // its `fileSize`, and a file of exactly the limit must be accepted.
      limits: { fileSize: policy.maxBytes + 1, fieldSize: 1024, headerPairs: 16 },
      // Names are taken whole and normalised by filename.ts; browsers send them in UTF-8.
      preservePath: true,
      defParamCharset: 'utf8',
    });
  } catch (error) {
    return Promise.reject(badPart(`send the file as multipart/form-data in the part "${FILE_FIELD}" (${(error as Error).message})`));
  }

  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    let file: Readable | undefined;
    let writing: Promise<void> | undefined;
    let received: InspectedFile | undefined;
    let parsed = false;

    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      raw.unpipe(parser);
      raw.pause();
      // Ends the write (the stream's reader fails), if it is still going.
      file?.destroy();
      void (writing ?? Promise.resolve()).then(() => reject(error));
    };
    const settle = () => {
      if (!failure && parsed && received) resolve(received);
    };

    parser.on('file', (name, stream, info) => {
      // Its failures reach the write through its reader; busboy may also fail it after we stopped.
      stream.on('error', () => undefined);
      if (failure) return void stream.resume();
      if (name !== FILE_FIELD) return fail(badPart(`the file part is named "${name}"; it must be "${FILE_FIELD}"`, 'field'));
      if (file) return fail(badPart('send exactly one file part', 'maxItems'));
      file = stream;
      // busboy has just seen the byte past the limit, and would skip the rest of the part at
      // full speed: stop reading now, not when that byte has made its way to the write.
      stream.on('limit', () => fail(tooLarge(policy.maxBytes)));
      const inspection = new ContentInspection(policy, normaliseFilename(info.filename));
      writing = store.write(key, Readable.from(inspection.pass(stream), { objectMode: false })).then(
        () => {
          received = inspection.result();
          settle();
        },
        (error: unknown) => fail(inspection.refusal ?? (error as Error)),
      );
    });
    parser.on('field', (name) => fail(badPart(`only the file part "${FILE_FIELD}" is accepted, not the field "${name}"`, 'field')));
    parser.on('error', (error: Error) => fail(badPart(`is not well-formed multipart/form-data (${error.message})`)));
    parser.on('finish', () => {
      parsed = true;
      if (!file) fail(badPart(`no file part "${FILE_FIELD}" was sent`, 'required'));
      else settle();
    });
    // The client gave up half-way: what was written goes, and nothing waits for the rest.
    raw.on('close', () => {
      if (!raw.complete) fail(badPart('the upload was cut off before its end'));
    });
    raw.on('error', (error) => fail(error));
    raw.pipe(parser);
  });
}
