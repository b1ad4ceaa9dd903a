import { useTranslation } from '@refinedev/core';
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { FormModal, useRules } from '../../form-modal';
import { NOTICE_AUDIENCES, NOTICE_TYPES, type AudienceChoices, type Notice, type NoticeAudience } from './notice';

/**
 * Write a notice, or edit a draft or withdrawn one, in a dialog: its title, type, content in
 * Markdown (rendered and sanitised by the server) and audience: everyone, chosen roles or chosen
 * departments (and those under them). An edit sends the `version` it read; the API's refusals
 * arrive as notifications, a field's message under the field.
 */
export function NoticeForm({ notice, choices, onClose }: { notice?: Notice; choices: AudienceChoices; onClose: (saved: boolean) => void }) {
  const { translate: t } = useTranslation();
  return (
    <FormModal
      resource="notices"
      name="notice"
      id={notice?.id}
      title={t(notice ? 'notices.editTitle' : 'notices.createTitle')}
      defaults={{ type: 'notice', audience: 'all', audienceIds: [] }}
      onClose={onClose}
    >
      <NoticeFields choices={choices} />
    </FormModal>
  );
}

function NoticeFields({ choices }: { choices: AudienceChoices }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  const form = Form.useFormInstance();
  const audience = Form.useWatch<NoticeAudience | undefined>('audience');
  return (
    <>
      <Form.Item name="title" label={t('notices.title')} rules={[rules.required, rules.max(200)]}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('notices.type')}>
        <Radio.Group options={NOTICE_TYPES.map((value) => ({ value, label: t(`notices.type.${value}`) }))} />
      </Form.Item>
      <Form.Item name="content" label={t('notices.content')} extra={t('notices.contentHint')} rules={[rules.required, rules.max(20_000)]}>
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} />
      </Form.Item>
      <Form.Item name="audience" label={t('notices.audience')}>
        {/* The ids are of the audience chosen: a change of audience starts them afresh. */}
        <Radio.Group
          options={NOTICE_AUDIENCES.map((value) => ({ value, label: t(`notices.audience.${value}`) }))}
          onChange={() => form.setFieldValue('audienceIds', [])}
        />
      </Form.Item>
      {/* Kept in the form when hidden: everyone is sent with no ids. */}
      <Form.Item
        name="audienceIds"
        label={t(audience === 'departments' ? 'notices.audienceDepartments' : 'notices.audienceRoles')}
        hidden={audience === 'all'}
        rules={[{ required: audience !== 'all', message: t('login.required') }]}
      >
        {audience === 'departments' ? (
          <TreeSelect treeData={choices.departments} multiple allowClear treeDefaultExpandAll treeNodeFilterProp="title" />
        ) : (
          <Select mode="multiple" allowClear options={choices.roles} optionFilterProp="label" />
        )}
      </Form.Item>
    </>
  );
}
