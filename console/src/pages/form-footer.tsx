import { useTranslation } from '@refinedev/core';
import { Button, Form, Space, type ButtonProps } from 'antd';

/**
 * The end of every create and edit form: an edit's `version` sent back as it was read (so a
 * change made meanwhile answers 409 instead of being overwritten), then save and cancel.
 */
export function FormFooter({ action, saveButtonProps, onCancel }: { action: 'create' | 'edit'; saveButtonProps: ButtonProps; onCancel: () => void }) {
  const { translate: t } = useTranslation();
  return (
    <>
      {action === 'edit' && (
        <Form.Item name="version" hidden>
          <input type="hidden" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" {...saveButtonProps}>
          {t('form.save')}
        </Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </Space>
    </>
  );
}
