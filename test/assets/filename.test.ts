import { expect } from 'chai';
import { contentDisposition } from '../../modules/assets/content-disposition';
import { extensionOf, normaliseFilename } from '../../modules/assets/filename';

/** The pure rules behind what the upload and download tests see over HTTP. */
describe('asset filenames', () => {
  describe('normaliseFilename', () => {
    it('keeps an ordinary name as it is', () => {
      expect(normaliseFilename('Quarterly report (final).pdf')).to.equal('Quarterly report (final).pdf');
    });

    it('answers `file` for no name at all', () => {
      expect(normaliseFilename(undefined)).to.equal('file');
      expect(normaliseFilename('   ')).to.equal('file');
      expect(normaliseFilename('a/b/')).to.equal('file');
    });

    it('removes C1 controls and DEL, not only C0', () => {
      expect(normaliseFilename('a\u007fb\u0080c\u009fd.txt')).to.equal('abcd.txt');
    });

    it('takes the last segment of a mixed path, after removing what could hide a separator', () => {
      expect(normaliseFilename('dir\\sub/..\\\u0000name.txt')).to.equal('name.txt');
    });

    it('cuts a long name whose extension is too long to keep at 255 characters', () => {
      const name = normaliseFilename(`${'a'.repeat(300)}.${'b'.repeat(40)}`);
      expect(name).to.equal('a'.repeat(255));
    });

    it('counts characters, not UTF-16 units: no half of a surrogate pair is left', () => {
      const name = normaliseFilename('😀'.repeat(300));
      expect(Array.from(name)).to.have.length(255);
      expect(name).to.equal('😀'.repeat(255));
    });
  });

  describe('extensionOf', () => {
    it('answers the lowercase extension, or nothing', () => {
      expect(extensionOf('photo.JPEG')).to.equal('jpeg');
      expect(extensionOf('archive.tar.gz')).to.equal('gz');
      expect(extensionOf('.bashrc')).to.equal(undefined);
      expect(extensionOf('README')).to.equal(undefined);
    });
  });

  describe('Content-Disposition', () => {
    const attachment = (filename: string) => contentDisposition('text/plain', filename);

    it('gives the ASCII stand-in and the percent-encoded UTF-8 name, encoding what RFC 8187 does not allow bare', () => {
      expect(attachment("it's (a) *test*.txt")).to.equal(`attachment; filename="it's (a) *test*.txt"; filename*=UTF-8''it%27s%20%28a%29%20%2Atest%2A.txt`);
      expect(attachment('日本.txt')).to.equal(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
      expect(attachment('a"b\\c%d.txt')).to.match(/^attachment; filename="a_b_c_d\.txt"; /);
    });

    it('is inline for raster images only: not SVG, PDF, text or anything else', () => {
      for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(contentDisposition(type, 'a')).to.match(/^inline; filename="a"/);
      for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', 'text/html', 'application/octet-stream', 'image/png; charset=utf-8']) {
        expect(contentDisposition(type, 'a'), type).to.match(/^attachment; filename="a"/);
      }
    });
  });
});
