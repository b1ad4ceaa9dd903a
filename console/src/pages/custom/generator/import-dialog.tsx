import { useCreate, useTranslation } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import type { ApiHttpError } from '../../../api/http';
import { refusal, type GeneratorTable } from './generator-table';

/**
 * Imports a table (POST /generator/tables): picked among the tables no module owns and not
 * imported yet, searched by part of the name. The proposed configuration then opens to edit.
 */
export function ImportDialog({ onImported, onClose }: { onImported: (table: GeneratorTable) => void; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const [tableName, setTableName] = useState<string>();
  const { mutate, mutation } = useCreate<GeneratorTable, ApiHttpError>();
  const { selectProps } = useSelect<{ tableName: string }>({
    resource: 'generator/tables/available',
    optionLabel: 'tableName',
    optionValue: 'tableName',
    pagination: { pageSize: 50 },
    onSearch: (keyword) => [{ field: 'keyword', operator: 'contains', value: keyword }],
  });

  const submit = () => {
    if (!tableName) return;
    mutate(
      { resource: 'generator/tables', values: { tableName }, successNotification: false, errorNotification: refusal },
      { onSuccess: ({ data }) => onImported(data) },
    );
  };

  return (
    <Modal
      open
      title={t('generator.importTitle')}
      okText={t('generator.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !tableName }}
      confirmLoading={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('generator.tableName')} extra={t('generator.importHint')}>
          <Select
            aria-label={t('generator.tableName')}
            showSearch
            filterOption={false}
            options={selectProps.options}
            loading={selectProps.loading}
            onSearch={selectProps.onSearch}
            value={tableName}
            onChange={setTableName}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
