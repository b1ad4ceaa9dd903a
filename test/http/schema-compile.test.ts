import { Type, type TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { compileValidator, compileValueValidator } from '../../kernel/http/validation';

/**
 * Route schemas are compiled without a check against the draft 2020-12 meta-schema (it cost
 * every boot time): what that check would catch in a module's schema must still stop it here.
 */
describe('compiling a route schema', () => {
  it('refuses a keyword given a value of the wrong type', () => {
    const broken = { type: 'object', properties: { name: { type: 'string', minLength: 'three' } } } as unknown as TSchema;
    expect(() => compileValueValidator(broken, '/body/payload')).to.throw(/minLength value must be/);
    // A route's validator compiles at its first request.
    const validator = compileValidator('body', broken);
    expect(() => validator({ name: 'x' })).to.throw(/minLength value must be/);
  });

  it('refuses a type that is not a JSON type', () => {
    const broken = { type: 'object', properties: { name: { type: 'text' } } } as unknown as TSchema;
    expect(() => compileValueValidator(broken, '/body/payload')).to.throw(/type must be JSONType/);
  });

  it('compiles what TypeBox builds', () => {
    expect(compileValueValidator(Type.Object({ name: Type.String({ minLength: 3 }) }), '/body')({ name: 'abc' })).to.deep.equal({ name: 'abc' });
  });
});
