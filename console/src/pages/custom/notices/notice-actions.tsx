import { CanAccess, useCustomMutation, useTranslation } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { editable, NOTICE_PERMISSIONS, type Notice } from './notice';

/**
 * Publish (a draft or withdrawn notice: its audience is told at once) or Withdraw (a published
 * one: its readers no longer see it), each asked once more and hidden without
 * `notices:notice:publish`. A notice that moved on meanwhile is the API's 409, shown as a
 * notification; the list is read again either way.
 */
export function PublishButton({ notice, onSettled }: { notice: Notice; onSettled: () => void }) {
  const { translate: t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<Notice>();
  const action = editable(notice) ? 'publish' : 'withdraw';
  const act = () =>
    mutate(
      {
        url: `/notices/${encodeURIComponent(notice.id)}/${action}`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t(action === 'publish' ? 'notices.published' : 'notices.withdrawn') }),
      },
      { onSettled },
    );
  return (
    <CanAccess resource="notices" action="publish" params={{ permission: NOTICE_PERMISSIONS.publish }}>
      <Popconfirm title={t(`notices.${action}Confirm`)} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={act}>
        <Button size="small" type={action === 'publish' ? 'primary' : 'default'} loading={mutation.isPending}>
          {t(`notices.${action}`)}
        </Button>
      </Popconfirm>
    </CanAccess>
  );
}
