import { useTranslation, type BaseRecord } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { Card, Form, Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { ResourceSpec } from '../catalog/resources';
import { editable, SchemaFormItem } from './field-input';
import { FormFooter } from './form-footer';
import { FRESH_RECORD } from './fresh-record';

/**
 * The create or edit form of a resource, its fields those of the operation's request body. An
 * edit carries the `version` it read, so a change made meanwhile answers 409 instead of being
 * overwritten; the API's messages about a field are shown under that field.
 */
export function ResourceForm({ spec, action, id }: { spec: ResourceSpec; action: 'create' | 'edit'; id?: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const operation = action === 'create' ? spec.create : spec.update;
  const { formProps, saveButtonProps, query } = useForm<BaseRecord>({
    resource: spec.name,
    action,
    id,
    redirect: false,
    queryOptions: FRESH_RECORD,
    meta: { method: spec.update?.method },
    onMutationSuccess: () => navigate(spec.route),
  });
  const fields = (operation?.fields ?? []).filter((field) => field.name !== 'version' && editable(field));
  const title = t(action === 'create' ? 'form.createTitle' : 'form.editTitle', { title: spec.title });

  return (
    <Card title={title}>
      {action === 'edit' && query?.isLoading ? (
        <Spin />
      ) : (
        <Form {...formProps} layout="vertical" style={{ maxWidth: 640 }}>
          {fields.map((field) => (
            <SchemaFormItem key={field.name} field={field} />
          ))}
          <FormFooter action={action} saveButtonProps={saveButtonProps} onCancel={() => navigate(spec.route)} />
        </Form>
      )}
    </Card>
  );
}
