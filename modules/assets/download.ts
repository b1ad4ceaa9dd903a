import { Readable } from 'node:stream';
import { RawReply } from '@atrium/kernel';
import type { Asset } from './asset.entity';
import { contentDisposition } from './content-disposition';
import { TEXT_PLAIN } from './content-type';

/**
 * An asset's bytes as a download that no browser runs: the type decided at upload from the content
 * (text is checked UTF-8, so it says so), never sniffed, `attachment` unless the type is safe to
 * show in place (content-disposition.ts), and a sandbox that stops scripts should a browser
 * render it anyway.
 */
export function downloadReply(asset: Asset, bytes: NodeJS.ReadableStream): RawReply {
  const body = bytes instanceof Readable ? bytes : new Readable().wrap(bytes);
  const type = asset.contentType === TEXT_PLAIN ? `${TEXT_PLAIN}; charset=utf-8` : asset.contentType;
  return new RawReply(body, type, {
    'Content-Length': String(asset.size),
    'Content-Disposition': contentDisposition(asset.contentType, asset.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
    // The bytes as stored, never re-encoded on the way (compression, proxies): the length is the asset's.
    'Cache-Control': 'private, no-store, no-transform',
  });
}
