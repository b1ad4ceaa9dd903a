import { expect } from 'chai';
import { sheetRows, type SheetRow } from '../../modules/users/import/import-workbook';
import { HEADER, workbook } from './import-helpers';

const READS = 600;
const SIDE_BY_SIDE = 3;

async function rowsOf(file: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(file)) rows.push(row);
  return rows;
}

describe('users import: reading the workbook', () => {
  // exceljs' streaming reader stopped at an `end` that unzipper emits before every entry has
  // been read (exceljs#3064), and lost the entry left, most often xl/workbook.xml, which exceljs
  // writes last: a few reads in a thousand failed, a few in a hundred one after another.
  it(`reads every workbook exceljs writes, ${READS} times, a few side by side`, async () => {
    const file = await workbook(HEADER, [['imp-w', 'a-password-1', null, null, null, 'active']]);
    const failures: string[] = [];
    for (let read = 0; read < READS; read += SIDE_BY_SIDE) {
      const reads = await Promise.allSettled(Array.from({ length: SIDE_BY_SIDE }, () => rowsOf(file)));
      for (const outcome of reads) {
        if (outcome.status === 'rejected') failures.push(JSON.stringify((outcome.reason as { details?: unknown }).details) ?? String(outcome.reason));
        else expect(outcome.value).to.deep.equal([{ row: 2, cells: { username: 'imp-w', password: 'a-password-1', status: 'active' } }]);
      }
    }
    expect(failures).to.deep.equal([]);
  });

  // Only unzipper's own end is passed on now: a workbook cut short never gets one, and must still
  // be refused rather than read for ever.
  it('refuses a workbook cut short, wherever it was cut, as unreadable', async () => {
    const file = await workbook(HEADER, [['imp-c', 'a-password-1']]);
    for (const length of [30, 1000, file.length - 200, file.length - 22, file.length - 1]) {
      const refusal = await rowsOf(file.subarray(0, length)).then(
        () => expect.fail(`read a workbook cut at ${length} of ${file.length} bytes`),
        (error: { code?: string; details?: { rule: string }[] }) => error,
      );
      expect({ code: refusal.code, rule: refusal.details?.[0].rule }, `cut at ${length}`).to.deep.equal({
        code: 'SYSTEM_IMPORT_FILE_INVALID_400',
        rule: 'workbook',
      });
    }
  });
});
