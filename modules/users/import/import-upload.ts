import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import { AppError, KernelErrors } from '@atrium/kernel';

/** The largest workbook an import takes: about MAX_IMPORT_ROWS rows of users with room to spare. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The multipart part that carries the workbook, and the form fields beside it. */
export const FILE_FIELD = 'file';
export const IMPORT_FIELDS = ['mode', 'updateExisting', 'initialPassword'] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];

/** A body declared longer than the limit plus this (boundaries, part headers, fields) cannot be within it. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ReceivedUpload {
  bytes: Buffer;
  fields: Partial<Record<ImportField, string>>;
}

function badPart(message: string, rule: string, field = `/body/${FILE_FIELD}`): AppError {
  return new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field, rule, message }] });
}

function tooLarge(): AppError {
  return new AppError(KernelErrors.SYSTEM_PAYLOAD_TOO_LARGE_413, {
    details: [{ field: `/body/${FILE_FIELD}`, rule: 'maxBytes', message: `must be at most ${IMPORT_MAX_BYTES} bytes` }],
  });
}

/**
 * Reads a multipart/form-data body: one part `file` (kept in memory, at most IMPORT_MAX_BYTES:
 * it is stored in the database next, where every instance can read it) and the text fields
 * IMPORT_FIELDS. Stops reading at the first refusal; the route discards the rest of the body.
 */
export function receiveImport(raw: IncomingMessage): Promise<ReceivedUpload> {
  if (Number(raw.headers['content-length']) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) return Promise.reject(tooLarge());
  let parser: Busboy.Busboy;
  try {
    // One byte over the limit is where it is passed: busboy flags a file that reaches `fileSize`.
    parser = Busboy({ headers: raw.headers, limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: IMPORT_FIELDS.length, fieldSize: 1024 } });
  } catch (error) {
    return Promise.reject(badPart(`send the workbook as multipart/form-data in the part "${FILE_FIELD}" (${(error as Error).message})`, 'multipart'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fields: ReceivedUpload['fields'] = {};
    let sawFile = false;
    let fileDone = false;
    let parsed = false;
    let failure: Error | undefined;
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      raw.unpipe(parser);
      raw.pause();
      reject(error);
    };
    const settle = () => {
      if (failure || !parsed || (sawFile && !fileDone)) return;
      if (!sawFile) return fail(badPart(`no file part "${FILE_FIELD}" was sent`, 'required'));
      resolve({ bytes: Buffer.concat(chunks), fields });
    };
    parser.on('file', (name, stream) => {
      stream.on('error', () => undefined);
      if (failure) return void stream.resume();
      if (name !== FILE_FIELD) return fail(badPart(`the file part is named "${name}"; it must be "${FILE_FIELD}"`, 'field'));
      sawFile = true;
      stream.on('limit', () => fail(tooLarge()));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        fileDone = true;
        settle();
      });
    });
    parser.on('field', (name, value) => {
      if (!(IMPORT_FIELDS as readonly string[]).includes(name)) {
        return fail(badPart(`the field "${name}" is not one of ${IMPORT_FIELDS.join(', ')}`, 'additionalProperties', `/body/${name}`));
      }
      fields[name as ImportField] = value;
    });
    parser.on('filesLimit', () => fail(badPart('send exactly one file part', 'maxItems')));
    parser.on('fieldsLimit', () => fail(badPart(`send at most the fields ${IMPORT_FIELDS.join(', ')}`, 'maxProperties', '/body')));
    parser.on('error', (error: Error) => fail(badPart(`is not well-formed multipart/form-data (${error.message})`, 'multipart')));
    parser.on('finish', () => {
      parsed = true;
      settle();
    });
    raw.on('close', () => {
      if (!raw.complete) fail(badPart('the upload was cut off before its end', 'multipart'));
    });
    raw.on('error', (error) => fail(error));
    raw.pipe(parser);
  });
}
