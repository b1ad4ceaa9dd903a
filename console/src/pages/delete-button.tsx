import { CanAccess, useDelete, useTranslation, type BaseKey } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';

export interface DeleteButtonProps {
  /** The resource (its collection path under /api/v1) and the record's id and version. */
  resource: string;
  id: BaseKey;
  version: unknown;
  /** The permission code of the delete operation: the button is hidden from whoever lacks it. */
  permission: string | undefined;
  /** Called once the API has answered, deleted or refused (a tree reads itself again). */
  onSettled?: () => void;
  type?: 'default' | 'link';
}

/**
 * Delete, asked once more in a confirmation, sent with the version the page read so that a
 * record changed meanwhile is refused (409) rather than lost; hidden without its permission.
 */
export function DeleteButton({ resource, id, version, permission, onSettled, type = 'default' }: DeleteButtonProps) {
  const { translate: t } = useTranslation();
  const { mutate: remove } = useDelete();
  return (
    <CanAccess resource={resource} action="delete" params={{ permission }}>
      <Popconfirm
        title={t('list.deleteConfirm')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => remove({ resource, id, meta: { version } }, { onSettled })}
      >
        <Button size="small" type={type} danger>
          {t('list.delete')}
        </Button>
      </Popconfirm>
    </CanAccess>
  );
}
