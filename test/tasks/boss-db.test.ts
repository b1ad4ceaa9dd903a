import { expect } from 'chai';
import { knexQuery } from '../../modules/tasks/boss-db';
import { canonicalJson } from '../../modules/tasks/task-submission';

/** The two pure pieces the guarantees rest on: pg-boss's SQL as knex runs it, and a submission's canonical form. */
describe('tasks: pg-boss SQL through knex', () => {
  it('turns $n placeholders into ? with the values in the order they appear, repeated as often', () => {
    const { sql, bindings } = knexQuery('select $2 as b, $1 as a where x = $2 and y = $10', ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'ten']);
    expect(sql).to.equal('select ? as b, ? as a where x = ? and y = ?');
    expect(bindings).to.deep.equal(['b', 'a', 'b', 'ten']);
  });

  it('escapes a literal ? so knex binds nothing to it, and leaves $$ bodies and format specifiers alone', () => {
    const { sql, bindings } = knexQuery("select data ? 'key', $1 from t; do $$ begin perform format('%1$I', 'x'); end $$", [1]);
    expect(sql).to.equal("select data \\? 'key', ? from t; do $$ begin perform format('%1$I', 'x'); end $$");
    expect(bindings).to.deep.equal([1]);
  });

  it('binds undefined as null, a plain object as its JSON, arrays element by element, dates as they are', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const { bindings } = knexQuery('select $1, $2, $3, $4', [undefined, { a: 1, b: undefined }, ['x', undefined], at]);
    expect(bindings).to.deep.equal([null, '{"a":1}', ['x', null], at]);
  });
});

describe('tasks: canonical JSON of a submission', () => {
  it('sorts keys at every depth, keeps array order and drops undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).to.equal('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).to.equal(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([1, 2])).to.not.equal(canonicalJson([2, 1]));
  });
});
