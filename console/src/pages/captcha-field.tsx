import { useCustomMutation, useTranslation } from '@refinedev/core';
import { Button, Flex, Form, Input } from 'antd';
import { useCallback, useState } from 'react';

/** A challenge of POST /auth/captcha: the picture to read and the id its answer goes under. */
export interface CaptchaChallenge {
  captchaId: string;
  image: string;
}

/** The codes of a login refused for its captcha: the form then shows a new challenge. */
export const CAPTCHA_CODES = ['AUTH_CAPTCHA_REQUIRED_401', 'AUTH_CAPTCHA_INVALID_401'];

/**
 * The captcha a login needs after repeated failures: `draw()` fetches a new challenge (each one
 * answers one login, so a refused login draws again); `challenge` is undefined until one is asked.
 */
export function useCaptcha(): { challenge: CaptchaChallenge | undefined; draw: () => void } {
  const { mutate } = useCustomMutation<CaptchaChallenge>();
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const draw = useCallback(
    () =>
      mutate(
        { url: '/auth/captcha', method: 'post', values: {}, successNotification: false },
        { onSuccess: ({ data }) => setChallenge({ captchaId: data.captchaId, image: data.image }) },
      ),
    [mutate],
  );
  return { challenge, draw };
}

/** The challenge's picture, a link to draw another, and the field its characters are typed in. */
export function CaptchaField({ challenge, onRedraw }: { challenge: CaptchaChallenge; onRedraw: () => void }) {
  const { translate: t } = useTranslation();
  return (
    <Form.Item label={t('login.captcha')} htmlFor="captchaAnswer" required>
      <Flex gap={8} align="center">
        <Form.Item name="captchaAnswer" noStyle rules={[{ required: true, message: t('login.required') }]}>
          <Input autoComplete="off" maxLength={16} style={{ flex: 1 }} />
        </Form.Item>
        <img src={challenge.image} alt={t('login.captchaImage')} height={50} />
        <Button type="link" size="small" onClick={onRedraw}>
          {t('login.captchaRedraw')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
