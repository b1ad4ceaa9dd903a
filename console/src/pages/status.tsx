import { useTranslation } from '@refinedev/core';
import { Form, Select, Tag, type SelectProps } from 'antd';

/** The two states most records have: `active` (enabled) or `disabled`. */
export type Status = 'active' | 'disabled';
const STATUSES: readonly Status[] = ['active', 'disabled'];

/** A record's status as a tag: green when enabled. */
export function StatusTag({ status }: { status: Status }) {
  const { translate: t } = useTranslation();
  return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
}

/** A select of the two statuses, for a form or a filter (Form.Item hands it its value). */
export function StatusSelect(props: SelectProps<Status>) {
  const { translate: t } = useTranslation();
  return <Select<Status> style={{ minWidth: 120 }} {...props} options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))} />;
}

/** A form's status field. */
export function StatusItem() {
  const { translate: t } = useTranslation();
  return (
    <Form.Item name="status" label={t('fields.status')}>
      <StatusSelect />
    </Form.Item>
  );
}
