import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { setParam } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { storedFiles, upload } from './helpers';
import { ELF, HTML, JPEG, PDF, PE, PNG, SVG, TEXT, XML_SVG } from './samples';

/** The type of an upload is what its bytes are: never what its name or its part header claims. */
describe('upload types, decided by the content', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  /** A 415 naming /body/file, with nothing left in storage. */
  async function expectRefused(filename: string, content: Buffer, why: RegExp): Promise<void> {
    const before = storedFiles(server);
    const body = expectError(await upload(server, filename, content), 415, 'ASSET_UNSUPPORTED_TYPE_415');
    expect(detailFor(body, '/body/file').message).to.match(why);
    expect(storedFiles(server)).to.deep.equal(before);
  }

  describe('spoofed names', () => {
    it('refuses PNG bytes named .pdf', () => expectRefused('invoice.pdf', PNG, /\.pdf.*image\/png/));
    it('refuses PDF bytes named .png', () => expectRefused('photo.png', PDF, /\.png.*application\/pdf/));
    it('refuses JPEG bytes named .txt', () => expectRefused('notes.txt', JPEG, /\.txt.*image\/jpeg/));
    it('refuses text named .png', () => expectRefused('picture.png', TEXT, /\.png.*text\/plain/));
    it('refuses text named .exe', () => expectRefused('setup.exe', TEXT, /\.exe.*text\/plain/));
    it('refuses text named .html', () => expectRefused('page.html', TEXT, /\.html.*text\/plain/));
    it('refuses a name whose right-to-left override hides .exe (the override removed, the name ends in .exe)', () =>
      expectRefused('report\u202Efdp.exe', PDF, /\.exe/));
  });

  describe('executables, whatever their name', () => {
    it('refuses an ELF executable named .png', () => expectRefused('cat.png', ELF, /application\/x-elf/));
    it('refuses a Windows PE executable named .png', () => expectRefused('cat.png', PE, /application\/x-msdownload/));
    it('refuses an ELF executable with no extension', () => expectRefused('run', ELF, /application\/x-elf/));
    it('refuses them even when the allow-list names them', async () => {
      await setParam(server, 'assets.upload.allowedTypes', 'image/png,application/x-elf,application/x-msdownload,text/html,image/svg+xml');
      try {
        await expectRefused('tool', ELF, /application\/x-elf/);
        await expectRefused('tool', PE, /application\/x-msdownload/);
        await expectRefused('page', HTML, /text\/html/);
        await expectRefused('drawing', SVG, /image\/svg\+xml/);
      } finally {
        await setParam(server, 'assets.upload.allowedTypes', 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain');
      }
    });
  });

  describe('markup, which a browser would run', () => {
    it('refuses HTML', () => expectRefused('page.html', HTML, /text\/html/));
    it('refuses HTML named .txt', () => expectRefused('readme.txt', HTML, /text\/html/));
    it('refuses HTML after a byte order mark and blank lines', () =>
      expectRefused('readme.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n \t\r\n<HTML><body>hi</body></HTML>')]), /text\/html/));
    it('refuses a bare HTML fragment (<script)', () => expectRefused('snippet.txt', Buffer.from('<script>alert(1)</script>'), /text\/html/));
    it('refuses an HTML comment opening', () => expectRefused('snippet.txt', Buffer.from('<!-- --><img src=x onerror=alert(1)>'), /text\/html/));
    it('refuses SVG', () => expectRefused('drawing.svg', SVG, /image\/svg\+xml/));
    it('refuses SVG named .txt', () => expectRefused('drawing.txt', SVG, /image\/svg\+xml/));
    it('refuses SVG behind an XML declaration', () => expectRefused('drawing.txt', XML_SVG, /xml/));
  });

  describe('text that is not text', () => {
    it('refuses bytes with no known type that hold NUL', () => expectRefused('blob', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x10, 0x20]), /binary/));
    it('refuses text with a NUL after its first bytes', () =>
      expectRefused('late.txt', Buffer.concat([Buffer.alloc(8000, 'a'), Buffer.from([0]), Buffer.alloc(10, 'b')]), /NUL/));
    it('refuses content that is not UTF-8 (Latin-1)', () => expectRefused('latin1.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1'), /UTF-8/));
    it('refuses UTF-8 that breaks off mid-character at the end', () =>
      expectRefused('cut.txt', Buffer.concat([Buffer.from('ok '), Buffer.from('日').subarray(0, 2)]), /UTF-8/));
    it('accepts text that mentions markup later on', async () => {
      expect(
        expectSuccess(await upload(server, 'howto.txt', Buffer.from('To embed it, write <script src="x.js"></script> in the page.\n')), 201).data,
      ).to.include({ contentType: 'text/plain' });
    });
    it('accepts long UTF-8 text whose characters straddle the chunks it arrives in', async () => {
      const content = Buffer.from('日本語のテキスト。'.repeat(40_000));
      expect(expectSuccess(await upload(server, 'long.txt', content), 201).data).to.include({ contentType: 'text/plain', size: content.length });
    });
  });

  describe('the allow-list param assets.upload.allowedTypes', () => {
    afterEach(() => setParam(server, 'assets.upload.allowedTypes', 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain'));

    it('refuses a type it leaves out', async () => {
      await setParam(server, 'assets.upload.allowedTypes', 'image/png, application/pdf');
      await expectRefused('notes.txt', TEXT, /text\/plain/);
      await expectRefused('photo.jpg', JPEG, /image\/jpeg/);
      expectSuccess(await upload(server, 'scan.pdf', PDF), 201);
    });

    it('accepts a type an operator adds', async () => {
      const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
      await expectRefused('archive.gz', gzip, /application\/gzip/);
      await setParam(server, 'assets.upload.allowedTypes', 'application/gzip');
      expect(expectSuccess(await upload(server, 'archive.gz', gzip), 201).data).to.include({ contentType: 'application/gzip' });
    });
  });
});
