/** What the assets tests share: uploads through the real server, and a look at its storage folder. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Response } from 'supertest';
import { bytesOrJson } from '../http/helpers';
import { ADMIN, type TestServer } from '../support/server';
import { multipart, type Part } from './multipart';

/** Every permission of the module, as a user holding all of them would have. */
export const ASSET_PERMISSIONS = ['asset:asset:list', 'asset:asset:query', 'asset:asset:upload', 'asset:asset:download', 'asset:asset:remove'];

/** POST /assets with these parts, as `token`. */
export function postParts(server: TestServer, parts: Part[], token = ADMIN): Promise<Response> {
  const { contentType, body } = multipart(parts);
  return server.http().post('/api/v1/assets').set('Authorization', token).set('Content-Type', contentType).send(body);
}

/** POST /assets with one file part named `file`. */
export function upload(server: TestServer, filename: string, content: Buffer | string, token = ADMIN): Promise<Response> {
  return postParts(server, [{ name: 'file', filename, content }], token);
}

export function sha256(content: Buffer | string): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** The local store's folder: `<DATA_DIR>/modules/assets/objects`. */
export function objectsDir(server: TestServer): string {
  return path.join(server.dataDir, 'modules', 'assets', 'objects');
}

/** Every file under the local store's folder, relative to it. */
export function storedFiles(server: TestServer): string[] {
  const root = objectsDir(server);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** GET a path as bytes (the content routes); an error envelope comes back parsed. */
export function download(server: TestServer, url: string, token?: string): Promise<Response> {
  const request = server
    .http()
    .get(url)
    .buffer(true)
    .parse(bytesOrJson as never);
  return token ? request.set('Authorization', token) : request;
}
