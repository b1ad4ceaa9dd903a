import { Type } from '@atrium/kernel';
import { IMPORT_MAX_BYTES } from './import-upload';
import { MAX_IMPORT_ROWS } from './import-workbook';

/** The multipart form of POST /users/import, as the catalog shows it (the route reads it as it streams). */
export const ImportBody = Type.Object({
  file: Type.String({
    contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: `The workbook (.xlsx, at most ${IMPORT_MAX_BYTES} bytes, at most ${MAX_IMPORT_ROWS} rows): its first sheet, the header in row 1 as the template has it`,
  }),
  mode: Type.Optional(
    Type.Union([Type.Literal('partial'), Type.Literal('all-or-nothing')], {
      description: 'partial (default): every good row is imported and the bad ones reported; all-or-nothing: any bad row and none is',
    }),
  ),
  updateExisting: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'true: a row naming an existing username updates that user (needs system:user:edit); default false',
    }),
  ),
  initialPassword: Type.Optional(
    Type.String({ maxLength: 128, description: 'The password of new users whose password cell is blank; held to the password policy' }),
  ),
});
