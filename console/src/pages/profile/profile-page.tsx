import { useCustom, useTranslation } from '@refinedev/core';
import { Col, Row, Spin, Typography } from 'antd';
import { TwoFactorCard } from '../two-factor/two-factor-card';
import { ApiKeysCard } from './api-keys-card';
import { PasswordForm } from './password-form';
import { ProfileForm, type MyAccount } from './profile-form';

/** The signed-in user's own page (/profile, from the header): their account, their password, their two-factor sign-in and their API keys. */
export default function ProfilePage() {
  const { translate: t } = useTranslation();
  const { query, result } = useCustom<{ user: MyAccount }>({ url: '/me', method: 'get' });
  const account = query.isSuccess ? result.data.user : undefined;

  return (
    <>
      <Typography.Title level={3}>{t('profile.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          {account ? <ProfileForm account={account} /> : <Spin />}
        </Col>
        <Col xs={24} md={12}>
          <PasswordForm />
        </Col>
        <Col xs={24} md={12}>
          <TwoFactorCard />
        </Col>
        <Col span={24}>
          <ApiKeysCard />
        </Col>
      </Row>
    </>
  );
}
