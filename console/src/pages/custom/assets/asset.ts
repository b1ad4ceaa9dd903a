/** An asset as the list and the upload answer it (modules/assets/README.md): written once, so without a version. */
export interface Asset {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  createdBy: string;
}

/** The codes the assets API checks, which hide the actions behind them. */
export const ASSET_PERMISSIONS = {
  upload: 'asset:asset:upload',
  download: 'asset:asset:download',
  remove: 'asset:asset:remove',
} as const;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes as a person reads it: `512 B`, `1.5 KB`, `12 MB` (powers of 1024, a decimal below 10). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}
