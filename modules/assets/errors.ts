import { defineErrors } from '@atrium/kernel';

/** The assets' own refusals; not found and bad input are the kernel's codes. */
export const AssetErrors = defineErrors({
  ASSET_TOO_LARGE_413: {
    en: 'The file is larger than uploads may be.',
    zh: '文件超过了允许上传的大小。',
  },
  ASSET_UNSUPPORTED_TYPE_415: {
    en: 'The file’s content is not of a type that may be uploaded.',
    zh: '文件内容的类型不允许上传。',
  },
  SIGNED_URL_INVALID_403: {
    en: 'The signed URL is not valid for this asset.',
    zh: '签名链接对该资源无效。',
  },
  SIGNED_URL_EXPIRED_403: {
    en: 'The signed URL has expired.',
    zh: '签名链接已过期。',
  },
});
