import { useSelect, useForm } from '@refinedev/antd';
import { useTranslation } from '@refinedev/core';
import { Card, Form, Input, Select, Spin, TreeSelect } from 'antd';
import { useNavigate } from 'react-router';
import { useDepartmentTree } from '../departments/department-tree';
import type { User } from './user';
import { FormFooter } from '../../form-footer';
import { FRESH_RECORD } from '../../fresh-record';

/**
 * Create or edit a user, with its department, posts and roles. Refine's form, as the generic
 * one: an edit sends the `version` it read (a change made meanwhile is a 409 notification), and
 * the API's messages about a field (`/body/email`) land under it. The username never changes and
 * the password is set at creation only (later by a reset).
 */
export function UserForm({ route, title, action, id }: { route: string; title: string; action: 'create' | 'edit'; id?: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const departments = useDepartmentTree();
  const { formProps, saveButtonProps, query } = useForm<User>({
    resource: 'users',
    action,
    id,
    redirect: false,
    queryOptions: FRESH_RECORD,
    onMutationSuccess: () => navigate(route),
  });
  // The choice is among the first 200 roles and posts (the API's largest page); typing filters
  // those in the browser (no onSearch) instead of asking the API again.
  const roles = useSelect({ resource: 'roles', optionLabel: 'name', optionValue: 'id', pagination: { pageSize: 200 } });
  const posts = useSelect({ resource: 'posts', optionLabel: 'name', optionValue: 'id', pagination: { pageSize: 200 } });
  const required = [{ required: true, message: t('login.required') }];

  return (
    <Card title={t(action === 'create' ? 'form.createTitle' : 'form.editTitle', { title })}>
      {action === 'edit' && query?.isLoading ? (
        <Spin />
      ) : (
        <Form {...formProps} layout="vertical" style={{ maxWidth: 640 }}>
          {action === 'create' ? (
            <>
              <Form.Item name="username" label={t('users.username')} rules={required}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="password" label={t('users.password')} rules={required}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          ) : (
            // Shown, not a field: an update that sends the username is refused.
            <Form.Item label={t('users.username')}>
              <Input disabled value={query?.data?.data.username} />
            </Form.Item>
          )}
          <Form.Item name="nickname" label={t('users.nickname')}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('users.email')}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('users.phone')}>
            <Input />
          </Form.Item>
          <Form.Item name="status" label={t('users.status')}>
            <Select options={(['active', 'disabled'] as const).map((value) => ({ value, label: t(`users.status.${value}`) }))} />
          </Form.Item>
          <Form.Item name="deptId" label={t('users.department')}>
            <TreeSelect treeData={departments.nodes} allowClear treeDefaultExpandAll />
          </Form.Item>
          <Form.Item name="roleIds" label={t('users.roles')}>
            <Select {...roles.selectProps} mode="multiple" filterOption optionFilterProp="label" onSearch={undefined} />
          </Form.Item>
          <Form.Item name="postIds" label={t('users.posts')}>
            <Select {...posts.selectProps} mode="multiple" filterOption optionFilterProp="label" onSearch={undefined} />
          </Form.Item>
          <FormFooter action={action} saveButtonProps={saveButtonProps} onCancel={() => navigate(route)} />
        </Form>
      )}
    </Card>
  );
}
