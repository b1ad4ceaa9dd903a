import { CanAccess, useTranslation, type BaseKey } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { DeleteButton } from './delete-button';

export interface RowActionsProps {
  /** The collection (its path under /api/v1) and the row's id and version. */
  resource: string;
  record: { id: BaseKey; version: number };
  /** The permission codes of the update and the delete: each button is hidden from whoever lacks its own. */
  permissions: { edit: string; remove: string };
  onEdit: () => void;
  /** False where the API would refuse the delete whoever asks (a built-in record). */
  removable?: boolean;
  /** Further actions of the row, between Edit and Delete. */
  children?: ReactNode;
}

/** A row's Edit (which opens the page's form) and Delete (confirmed, with the version read). */
export function RowActions({ resource, record, permissions, onEdit, removable = true, children }: RowActionsProps) {
  const { translate: t } = useTranslation();
  return (
    <Space wrap>
      <CanAccess resource={resource} action="edit" params={{ permission: permissions.edit }}>
        <Button size="small" onClick={onEdit}>
          {t('list.edit')}
        </Button>
      </CanAccess>
      {children}
      {removable && <DeleteButton resource={resource} id={record.id} version={record.version} permission={permissions.remove} />}
    </Space>
  );
}

/** The list's Create, hidden from whoever lacks the create's permission. */
export function CreateButton({ resource, permission, onClick }: { resource: string; permission: string; onClick: () => void }) {
  const { translate: t } = useTranslation();
  return (
    <CanAccess resource={resource} action="create" params={{ permission }}>
      <Button type="primary" onClick={onClick}>
        {t('list.create')}
      </Button>
    </CanAccess>
  );
}
