import { expect } from 'chai';
import { dummyPasswordHash, hashPassword, passwordMatches } from '../../modules/users/passwords';

describe('users passwords', () => {
  it('hashes with argon2id, m = 19456 KiB, t = 2, p = 1, salted', async () => {
    const first = await hashPassword('correct horse battery staple');
    expect(first).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse battery staple')).not.to.equal(first);
  });

  it('checks a password exactly as sent: no trimming, no truncation, no Unicode folding', async () => {
    const long = `${'a'.repeat(99)}b`;
    const stored = await hashPassword(long);
    expect(await passwordMatches(stored, long)).to.equal(true);
    expect(await passwordMatches(stored, `${'a'.repeat(99)}c`)).to.equal(false);
    expect(await passwordMatches(stored, 'a'.repeat(99))).to.equal(false);
    expect(await passwordMatches(stored, `${long} `)).to.equal(false);

    const spaced = await hashPassword(' spaced out ');
    expect(await passwordMatches(spaced, 'spaced out')).to.equal(false);
    expect(await passwordMatches(spaced, ' spaced out ')).to.equal(true);

    const composed = await hashPassword('caf\u00e9-password');
    expect(await passwordMatches(composed, 'cafe\u0301-password')).to.equal(false);
  });

  it('answers false without a stored hash, after checking the dummy one', async () => {
    expect(await dummyPasswordHash()).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyPasswordHash()).to.equal(await dummyPasswordHash());
    expect(await passwordMatches(null, 'anything at all')).to.equal(false);
  });
});
