import { expect } from 'chai';
import { SecretBox } from '../../kernel/crypto/secret-box';

describe('kernel: the secret box', () => {
  const secret = 'an-operator-secret-of-at-least-32-bytes!';

  it('opens what it sealed, and seals the same value differently each time', () => {
    const box = new SecretBox(secret, 'tests');
    const first = box.seal('client-secret');
    expect(first).to.not.include('client-secret');
    expect(box.seal('client-secret')).to.not.equal(first);
    expect(box.open(first)).to.equal('client-secret');
  });

  it('refuses a value sealed with another secret or for another purpose', () => {
    const sealed = new SecretBox(secret, 'tests').seal('client-secret');
    expect(() => new SecretBox(`${secret}-other`, 'tests').open(sealed)).to.throw();
    expect(() => new SecretBox(secret, 'other purpose').open(sealed)).to.throw();
  });

  it('refuses a changed value rather than answering garbage', () => {
    const box = new SecretBox(secret, 'tests');
    const [version, iv, tag, data] = box.seal('client-secret').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).to.throw();
    expect(() => box.open('not sealed')).to.throw('not a value this secret box sealed');
  });
});
