import { CanAccess, useCustomMutation, useTranslation } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { USER_PERMISSIONS, type User } from './user';

/**
 * Reset two-factor (a lost phone and spent recovery codes): the user's authenticator and recovery
 * codes are deleted, so their next sign-in asks for the password only. Asked once more and hidden
 * without `system:mfa:reset`; a refusal (a user who outranks the caller: 403, or one without
 * two-factor: 409) is the API's message in a notification.
 */
export function ResetTwoFactor({ user }: { user: User }) {
  const { translate: t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const reset = () =>
    mutate({
      url: `/auth/users/${encodeURIComponent(user.id)}/mfa`,
      method: 'delete',
      values: {},
      successNotification: () => ({ type: 'success', message: t('users.twoFactorReset', { username: user.username }) }),
    });
  return (
    <CanAccess resource="users" action="resetMfa" params={{ permission: USER_PERMISSIONS.resetMfa }}>
      <Popconfirm
        title={t('users.resetTwoFactorConfirm', { username: user.username })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={reset}
      >
        <Button size="small" loading={mutation.isPending}>
          {t('users.resetTwoFactor')}
        </Button>
      </Popconfirm>
    </CanAccess>
  );
}
