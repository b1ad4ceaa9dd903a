import crypto from 'node:crypto';
import { newId, type DbCapability } from '@atrium/kernel';

/** A challenge as the client gets it: the picture to read, and the id to answer it under. */
export interface CaptchaChallenge {
  captchaId: string;
  /** An SVG picture of the characters, as a data URL an `<img>` shows. */
  image: string;
  expiresAt: string;
}

/** Long enough to read and type, short enough that a drawn challenge is no stock to hoard. */
const TTL_MS = 2 * 60 * 1000;
/** Characters that read alike in a distorted picture (0/O, 1/l/I) are never drawn. */
const LOOKALIKES = '0oO1lIi';

/**
 * Login captchas: pictures of five characters drawn here by svg-captcha (no outside service),
 * their answers kept hashed in the database, so every instance can check a challenge any of them
 * drew. A challenge answers one attempt, right or wrong: it is deleted as it is checked.
 */
export class Captchas {
  constructor(private readonly db: DbCapability) {}

  async draw(): Promise<CaptchaChallenge> {
    // Loaded with the first captcha, not at boot: it parses its font as it loads.
    const { default: svgCaptcha } = await import('svg-captcha');
    const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: LOOKALIKES, background: '#f4f6f8' });
    const challenge = { id: newId(), expiresAt: new Date(Date.now() + TTL_MS) };
    const connection = this.db.em().getConnection();
    // Challenges nobody answered go as new ones come: the table holds about a TTL's worth.
    await connection.execute('delete from auth_captcha where expires_at < now()');
    await connection.execute('insert into auth_captcha (id, answer_hash, expires_at) values (?, ?, ?)', [challenge.id, answerHash(text), challenge.expiresAt]);
    return {
      captchaId: challenge.id,
      image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      expiresAt: challenge.expiresAt.toISOString(),
    };
  }

  /** Spends the challenge: whether `answer` reads it (any case). Unknown, expired and spent ones read as wrong. */
  async solve(captchaId: string, answer: string): Promise<boolean> {
    const rows = await this.db
      .em()
      .getConnection()
      .execute<{ answer_hash: string }[]>('delete from auth_captcha where id = ? and expires_at > now() returning answer_hash', [captchaId]);
    if (rows.length === 0) return false;
    return crypto.timingSafeEqual(Buffer.from(rows[0].answer_hash, 'hex'), Buffer.from(answerHash(answer), 'hex'));
  }
}

/** A fast hash is enough: the answer lives two minutes and is tried once. */
function answerHash(answer: string): string {
  return crypto.createHash('sha256').update(answer.trim().toLowerCase(), 'utf8').digest('hex');
}
