import { useForm } from '@refinedev/antd';
import { useTranslation, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Form, Input, Modal, Spin } from 'antd';
import type { Store } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { FRESH_RECORD } from './fresh-record';

export interface FormModalProps {
  /** The collection (its path under /api/v1) the record belongs to. */
  resource: string;
  /** The record to edit, read again from the API; none: a new record. */
  id?: BaseKey;
  title: string;
  /** The form's name: its fields' ids (`<name>_<field>`), apart from a filter form's on the same page. */
  name: string;
  /** A new record's starting values. */
  defaults?: Store;
  /** Called with true once saved, false when cancelled. */
  onClose: (saved: boolean) => void;
  /** The form's items. */
  children: ReactNode;
}

/**
 * Create or edit a record in a dialog, with Refine's form as the generic pages: an edit sends
 * the `version` it read (a change made meanwhile is a 409 notification with the API's message),
 * and the API's message about a field (`/body/code`, `/body/admin/username`) lands under it.
 */
export function FormModal({ resource, id, title, name, defaults, onClose, children }: FormModalProps) {
  const { translate: t } = useTranslation();
  const editing = id !== undefined;
  const { formProps, saveButtonProps, query } = useForm<BaseRecord>({
    resource,
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    queryOptions: FRESH_RECORD,
    defaultFormValues: editing ? undefined : defaults,
    onMutationSuccess: () => onClose(true),
  });

  return (
    <Modal
      open
      destroyOnHidden
      title={title}
      onCancel={() => onClose(false)}
      okButtonProps={saveButtonProps}
      okText={t('form.save')}
      cancelText={t('common.cancel')}
    >
      {editing && query?.isLoading ? (
        <Spin />
      ) : (
        <Form {...formProps} name={name} layout="vertical">
          {children}
          {editing && (
            <Form.Item name="version" hidden>
              <input type="hidden" />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** The checks a form's items share: required, and at most `max` characters. */
export function useRules() {
  const { translate: t } = useTranslation();
  return {
    required: { required: true, message: t('login.required') },
    max: (max: number) => ({ max, message: t('form.tooLong', { max }) }),
  };
}

/** The remark most records carry: free text of at most 500 characters. */
export function RemarkItem() {
  const { translate: t } = useTranslation();
  const rules = useRules();
  return (
    <Form.Item name="remark" label={t('fields.remark')} rules={[rules.max(500)]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
    </Form.Item>
  );
}
