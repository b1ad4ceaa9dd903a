import { ENCRYPTION_KEY, SecretBox, storedSecret, type ModuleContext } from '@atrium/kernel';

const KEY_FILE = 'totp-encryption-key';

const boxes = new WeakMap<ModuleContext, SecretBox>();

/**
 * The box authenticator secrets are sealed in, so a copy of the database alone cannot make a
 * user's codes: keyed from ENCRYPTION_KEY (its own purpose, so no other module's key), or else
 * from a random key made once and kept in auth's storage folder (warned of in production, once,
 * when the box is first needed: other instances must share the folder).
 */
export function totpSecretBox(ctx: ModuleContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    const configured = ctx.environment.variable(ENCRYPTION_KEY);
    if (!configured && ctx.environment.production) {
      ctx.log.warn(
        `${ENCRYPTION_KEY} is not set: authenticator secrets are sealed with a key kept in this server's DATA_DIR; instances that do not share DATA_DIR must all be given one ${ENCRYPTION_KEY}`,
      );
    }
    const secret = configured ?? storedSecret(ctx.storage.path(KEY_FILE), 'every authenticator must then be enrolled again');
    box = new SecretBox(secret, 'auth totp secret');
    boxes.set(ctx, box);
  }
  return box;
}
