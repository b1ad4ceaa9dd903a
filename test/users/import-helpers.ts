/** What the users import tests share: workbooks built with exceljs, the upload, and the task it answers. */
import ExcelJS from 'exceljs';
import { expect } from 'chai';
import type { Response } from 'supertest';
import type { TestServer } from '../support/server';

export interface ImportFailure {
  row: number;
  field: string | null;
  code: string;
  message: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  failed: ImportFailure[];
}

/** An .xlsx whose first sheet holds `header` in row 1 and `rows` below it (null: an empty cell). */
export async function workbook(header: string[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? undefined));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const HEADER = ['username', 'password', 'nickname', 'email', 'phone', 'status', 'department', 'roles'];

export interface UploadOptions {
  mode?: string;
  updateExisting?: boolean;
  initialPassword?: string;
  language?: string;
  filename?: string;
}

export function upload(server: TestServer, bearer: string, file: Buffer | undefined, options: UploadOptions = {}): Promise<Response> {
  let request = server
    .http()
    .post('/api/v1/users/import')
    .set('Authorization', bearer)
    .set('Accept-Language', options.language ?? 'en');
  if (options.mode || !file) request = request.field('mode', options.mode ?? 'partial');
  if (options.updateExisting !== undefined) request = request.field('updateExisting', String(options.updateExisting));
  if (options.initialPassword) request = request.field('initialPassword', options.initialPassword);
  if (file) request = request.attach('file', file, options.filename ?? 'users.xlsx');
  return request;
}

/** Uploads, expects the 201 task, and waits until it finished: its result. */
export async function imported(server: TestServer, bearer: string, file: Buffer, options: UploadOptions = {}): Promise<ImportResult> {
  const res = await upload(server, bearer, file, options);
  expect(res.status, res.text).to.equal(201);
  expect(res.body.data).to.include({ type: 'users.import' });
  const task = await finished(server, bearer, res.body.data.id as string);
  expect(task.state, JSON.stringify(task)).to.equal('succeeded');
  return task.result as ImportResult;
}

/** Polls GET /tasks/{id} as its submitter until the task succeeded, failed or was cancelled. */
export async function finished(server: TestServer, bearer: string, id: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.http().get(`/api/v1/tasks/${id}`).set('Authorization', bearer);
    expect(res.status, res.text).to.equal(200);
    if (['succeeded', 'failed', 'cancelled'].includes(res.body.data.state as string)) return res.body.data as Record<string, unknown>;
    if (Date.now() > deadline) expect.fail(`task ${id} did not finish: ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The note of the first header cell of an .xlsx (xlsxRows reads values only). */
export async function firstNote(bytes: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return JSON.stringify(book.worksheets[0].getCell('A1').note);
}
