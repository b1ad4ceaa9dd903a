import { expect } from 'chai';
import { normaliseEmail, normaliseNickname, normalisePhone, normaliseUsername } from '../../modules/users/normalisation';

const value = <T>(checked: { ok: true; value: T } | { ok: false; reason: string }): T | 'refused' => (checked.ok ? checked.value : 'refused');

describe('users normalisation', () => {
  describe('usernames', () => {
    it('trims, applies NFKC and lower-cases, so every spelling of one name is one name', () => {
      for (const raw of ['admin', 'Admin', ' admin ', 'ADMIN', '\tAdMiN\n', 'ＡＤＭＩＮ', 'admin\u3000']) {
        expect(value(normaliseUsername(raw)), JSON.stringify(raw)).to.equal('admin');
      }
    });

    it('keeps a-z, 0-9, dot, underscore and dash', () => {
      expect(value(normaliseUsername('John.Doe_2-x'))).to.equal('john.doe_2-x');
    });

    it('takes 3 to 64 characters', () => {
      expect(value(normaliseUsername('abc'))).to.equal('abc');
      expect(value(normaliseUsername('a'.repeat(64)))).to.equal('a'.repeat(64));
      expect(value(normaliseUsername('ab'))).to.equal('refused');
      expect(value(normaliseUsername('a'.repeat(65)))).to.equal('refused');
      expect(value(normaliseUsername(' ab '))).to.equal('refused');
    });

    it('refuses spaces inside, other punctuation and letters outside a-z', () => {
      for (const raw of ['john doe', 'john@doe', 'jöhn', 'ιωάννης', 'a/b', "o'neil", '']) {
        expect(value(normaliseUsername(raw)), raw).to.equal('refused');
      }
    });

    it('says why it refuses', () => {
      const checked = normaliseUsername('no');
      expect(checked.ok).to.equal(false);
      expect(checked.ok ? '' : checked.reason).to.match(/3 to 64/);
    });
  });

  describe('emails', () => {
    it('trims and lower-cases', () => {
      expect(value(normaliseEmail('  Alice.Smith@Example.COM '))).to.equal('alice.smith@example.com');
    });

    it('takes null or a blank string as no email', () => {
      expect(value(normaliseEmail(null))).to.equal(null);
      expect(value(normaliseEmail('   '))).to.equal(null);
    });

    it('refuses what is not an email address', () => {
      for (const raw of ['alice', 'alice@', '@example.com', 'alice@example', 'a b@example.com', 'alice@@example.com', `${'a'.repeat(250)}@example.com`]) {
        expect(value(normaliseEmail(raw)), raw).to.equal('refused');
      }
    });
  });

  describe('phones', () => {
    it('drops spaces, dashes, dots and parentheses', () => {
      expect(value(normalisePhone('+1 (555) 010-0000'))).to.equal('+15550100000');
      expect(value(normalisePhone('138.0013.8000'))).to.equal('13800138000');
      expect(value(normalisePhone(' 010 - 1234 - 5678 '))).to.equal('01012345678');
    });

    it('takes 6 to 20 digits, after an optional +', () => {
      expect(value(normalisePhone('123456'))).to.equal('123456');
      expect(value(normalisePhone(`+${'1'.repeat(20)}`))).to.equal(`+${'1'.repeat(20)}`);
      expect(value(normalisePhone('12345'))).to.equal('refused');
      expect(value(normalisePhone('1'.repeat(21)))).to.equal('refused');
    });

    it('refuses letters, a + elsewhere than in front and other punctuation', () => {
      for (const raw of ['555-CALL-NOW', '12+345678', '++12345678', '1234/5678', '+']) {
        expect(value(normalisePhone(raw)), raw).to.equal('refused');
      }
    });

    it('takes null or a blank string as no phone', () => {
      expect(value(normalisePhone(null))).to.equal(null);
      expect(value(normalisePhone(' - '))).to.equal(null);
    });
  });

  describe('nicknames', () => {
    it('trims, and takes 1 to 64 characters', () => {
      expect(value(normaliseNickname('  Alice  '))).to.equal('Alice');
      expect(value(normaliseNickname('   '))).to.equal('refused');
      expect(value(normaliseNickname('é'.repeat(64)))).to.equal('é'.repeat(64));
      expect(value(normaliseNickname('x'.repeat(65)))).to.equal('refused');
    });

    it('counts characters, not UTF-16 units', () => {
      expect(value(normaliseNickname('😀'.repeat(64)))).to.equal('😀'.repeat(64));
    });
  });
});
