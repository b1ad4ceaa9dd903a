import { Readable } from 'node:stream';

/**
 * An uploaded workbook's bytes as the stream exceljs' WorkbookReader reads, working around
 * exceljs#3064 (open in exceljs 4.4.0, the last release).
 *
 * The reader pipes this stream into unzipper's `Parse` and walks its entries, pausing it while it
 * handles each one. `Parse` emits `end` by hand as soon as it has read the archive's last byte,
 * though entries may still wait in its buffer while it is paused; the reader stops at that `end`
 * and never sees them. The entry most often lost is `xl/workbook.xml`, which exceljs' own writer
 * stores last, and the read then fails with "Cannot read properties of undefined (reading
 * 'sheets')": about one read in a thousand when reads run side by side, and any lost entry could
 * be a worksheet. Here that early `end` is not passed on: the stream's own `end`, which node emits
 * once every entry has been read (`readableEnded` is then true), still is.
 */
export class WorkbookBytes extends Readable {
  constructor(private readonly bytes: Buffer) {
    super();
  }

  override _read(): void {
    this.push(this.bytes);
    this.push(null);
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const parse = destination as unknown as Readable;
    const emit = parse.emit.bind(parse) as (event: string | symbol, ...args: unknown[]) => boolean;
    parse.emit = ((event: string | symbol, ...args: unknown[]) =>
      event === 'end' && !parse.readableEnded ? false : emit(event, ...args)) as typeof parse.emit;
    return super.pipe(destination, options);
  }
}
