import { expect } from 'chai';
import { crudTemplate } from '../../modules/generator/templates/crud';
import { codeLines, moduleCodeLines } from './source-lines';
import { booksPlan } from './template-plans';

/**
 * The code lines (neither blank nor only comment, as `codeLines` counts them) of the `.ts` files
 * the crud template 2.0.0 wrote for the books plan: book.entity.ts 29, book.schemas.ts 68,
 * book.service.ts 217, book.routes.ts 66, errors.ts 7, index.ts 9. Measured by rendering
 * booksPlan() with modules/generator/templates as of commit bc0d6a6, the last with 2.0.0.
 */
const CRUD_2_BOOKS_CODE_LINES = 396;

/** Issue 14: a generated module is a short declaration plus its migration. */
describe("the generator's crud template: the size of what it writes", () => {
  it('counts the lines that hold code: not blank lines, not comment lines, whatever a string holds', () => {
    const source = [
      '/**',
      ' * A block comment, // and all.',
      ' */',
      '',
      "const url = 'http://example.com'; // a string holding //, then a comment",
      '   // an indented comment',
      'const text = `a template',
      'spread over lines`;',
      '/* before */ run(); /* after */',
    ].join('\n');
    expect(codeLines(source)).to.equal(4);
  });

  it('writes the books module in at most a third of the code lines 2.0.0 wrote for it', () => {
    const written = moduleCodeLines(crudTemplate.render(booksPlan()));
    expect(written).to.be.at.most(CRUD_2_BOOKS_CODE_LINES / 3);
  });
});
