import type ExcelJS from 'exceljs';
import { COLUMN_TEXT, IMPORT_COLUMNS, STATUS_LABELS, type ImportLanguage } from './import-columns';
import { MAX_IMPORT_ROWS } from './import-workbook';

/** The template's file name, the same in every language (ASCII: no encoding games in Content-Disposition). */
export const TEMPLATE_FILENAME = 'users-import-template.xlsx';

/**
 * The import template: one sheet whose header row names the columns in `language`, each header
 * with a note saying how to fill it, and the status column offering its two values as a list.
 * Small and fixed, so it is built whole in memory, by exceljs's workbook rather than the kernel's
 * streaming spreadsheet writer: notes and a list rule are what a template has and an export has not.
 */
export async function importTemplate(language: ImportLanguage): Promise<Buffer> {
  // Loaded by the first template asked for, not at boot (see sheetRows).
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  workbook.creator = 'Atrium';
  const sheet = workbook.addWorksheet(language === 'zh' ? '用户' : 'Users', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((key) => ({ key, header: COLUMN_TEXT[language][key].header, width: key === 'department' ? 32 : 20 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_COLUMNS.forEach((key, index) => {
    header.getCell(index + 1).note = COLUMN_TEXT[language][key].note;
  });
  const status = sheet.getColumn('status').letter;
  const labels = Object.values(STATUS_LABELS[language]).join(',');
  // One rule over the whole column below the header, as far as an import reads. exceljs takes a
  // range here (its typings only declare the per-cell form, which would write 10,000 cells).
  (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(
    `${status}2:${status}${MAX_IMPORT_ROWS + 1}`,
    {
      type: 'list',
      allowBlank: true,
      formulae: [`"${labels}"`],
      showErrorMessage: true,
    },
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
