import { ENCRYPTION_KEY, SecretBox, storedSecret, type ModuleContext } from '@atrium/kernel';

const KEY_FILE = 'encryption-key';

/** Warns a production server without ENCRYPTION_KEY that its instances must share DATA_DIR's key. */
export function keyWarning(ctx: ModuleContext): void {
  if (!ctx.environment.production || ctx.environment.variable(ENCRYPTION_KEY)) return;
  ctx.log.warn(
    `${ENCRYPTION_KEY} is not set: single sign-on client secrets are sealed with a key kept in this server's DATA_DIR; instances that do not share DATA_DIR must all be given one ENCRYPTION_KEY (\`openssl rand -base64 48\`)`,
  );
}

const boxes = new WeakMap<ModuleContext, SecretBox>();

/**
 * The box client secrets are sealed in: keyed from ENCRYPTION_KEY, or else from a random key made
 * once and kept in the module's storage folder (so secrets survive a restart).
 */
export function clientSecretBox(ctx: ModuleContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = new SecretBox(
      ctx.environment.variable(ENCRYPTION_KEY) ?? storedSecret(ctx.storage.path(KEY_FILE), 'every provider’s client secret must then be entered again'),
      'sso client secret',
    );
    boxes.set(ctx, box);
  }
  return box;
}
