import { useTranslation } from '@refinedev/core';
import { Alert, Flex, Image, List, Typography } from 'antd';

/** What the server answers when an enrolment starts (POST /me/mfa/totp, POST /auth/mfa/totp). */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The URI as a QR code, a data: URL the server drew. */
  qrCode: string;
}

/** The QR code to scan, and the secret for typing by hand. */
export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  const { translate: t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8}>
      <Typography.Text>{t('mfa.scan')}</Typography.Text>
      <Image src={enrolment.qrCode} alt={t('mfa.qrAlt')} width={200} height={200} preview={false} />
      <Typography.Text type="secondary">{t('mfa.secretHint')}</Typography.Text>
      <Typography.Text code copyable data-testid="totp-secret">
        {enrolment.secret}
      </Typography.Text>
    </Flex>
  );
}

/** Recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { translate: t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Alert type="warning" showIcon message={t('mfa.recoveryCodesHint')} />
      <List
        size="small"
        bordered
        dataSource={codes}
        renderItem={(code) => (
          <List.Item>
            <Typography.Text code>{code}</Typography.Text>
          </List.Item>
        )}
      />
      <Typography.Text copyable={{ text: codes.join('\n') }}>{t('mfa.copyAll')}</Typography.Text>
    </Flex>
  );
}
