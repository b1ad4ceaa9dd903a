import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { sheetColumns } from '../../kernel/resources/export-columns';
import { writeSpreadsheet, type SpreadsheetFormat } from '../../kernel/resources/spreadsheet-writer';
import { csvRows, xlsxRows } from '../support/spreadsheets';

/** The kernel's spreadsheet writer on its own: onto a file, as an export run as a task will. */
const View = Type.Object({
  name: Type.String({ title: 'Name' }),
  status: Type.String({ 'x-dictionary': 'things_status' }),
  tags: Type.Array(Type.String()),
  owner: Type.Union([Type.Object({ id: Type.String(), city: Type.String() }), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
  count: Type.Integer(),
});

const views = [
  { name: 'Ann', status: 'active', tags: ['a', 'b'], owner: { id: 'o1', city: '上海' }, at: '2026-01-02T03:04:05.678Z', count: 3 },
  { name: '-1', status: 'disabled', tags: [], owner: null, at: '2026-01-03T00:00:00.000Z', count: -1 },
];

async function* batches(): AsyncGenerator<object[]> {
  yield views.slice(0, 1);
  yield views.slice(1);
}

describe('spreadsheet writer', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(path.join(tmpdir(), 'atrium-sheet-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const written = async (format: SpreadsheetFormat, labels = new Map<string, ReadonlyMap<string, string>>(), declared?: Parameters<typeof sheetColumns>[1]) => {
    const file = path.join(dir, `sheet-${Math.random()}.${format}`);
    const columns = sheetColumns(View, declared);
    const count = await writeSpreadsheet(createWriteStream(file), { format, columns, language: 'zh', labels, name: 'things' }, batches());
    expect(count).to.equal(2);
    return readFileSync(file);
  };

  it('heads the default columns with the schema’s title or the field, a nested object’s fields each a column', async () => {
    const rows = await csvRows(await written('csv'));
    expect(rows[0]).to.deep.equal(['Name', 'status', 'tags', 'owner.id', 'owner.city', 'at', 'count']);
    // Without labels (no dictionaries module), values as stored; arrays joined; a signed number kept.
    expect(rows.slice(1)).to.deep.equal([
      ['Ann', 'active', 'a, b', 'o1', '上海', '2026-01-02T03:04:05.678Z', '3'],
      ['-1', 'disabled', '', '', '', '2026-01-03T00:00:00.000Z', '-1'],
    ]);
  });

  it('labels a default column by the code list its schema names (x-dictionary)', async () => {
    const rows = await csvRows(await written('csv', new Map([['things_status', new Map([['active', '正常']])]])));
    expect(rows.slice(1).map((r) => r[1])).to.deep.equal(['正常', 'disabled']);
  });

  it('writes declared columns with their titles in the language and the labels of their code list', async () => {
    const labels = new Map([['things_status', new Map([['active', '正常']])]]);
    const declared = [
      { field: 'status', title: { en: 'Status', zh: '状态' }, dictionary: 'things_status' },
      { field: 'owner.city', title: { en: 'City', zh: '城市' } },
    ];
    const rows = await xlsxRows(await written('xlsx', labels, declared));
    // A value the list has no label for stays as stored.
    expect(rows).to.deep.equal([
      ['状态', '城市'],
      ['正常', '上海'],
      ['disabled', null],
    ]);
  });

  it('writes date cells and numbers typed in xlsx', async () => {
    const rows = await xlsxRows(await written('xlsx'));
    expect((rows[1][5] as Date).toISOString()).to.equal('2026-01-02T03:04:05.678Z');
    expect(rows[2][6]).to.equal(-1);
  });

  it('refuses, when declared, a column that is no field of the view', () => {
    expect(() => sheetColumns(View, [{ field: 'owner.street' }], 'resource /things export')).to.throw(
      'resource /things export: column owner.street is not a field of the view schema',
    );
  });
});
