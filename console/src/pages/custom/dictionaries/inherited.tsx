import { useTranslation } from '@refinedev/core';
import { Tag, Tooltip } from 'antd';

/**
 * The platform's record read in a tenant (`inherited: true`): the tenant reads it but cannot
 * change it (the API answers 404 to an edit or a delete), so its row offers neither.
 */
export function InheritedTag() {
  const { translate: t } = useTranslation();
  return (
    <Tooltip title={t('inherited.hint')}>
      <Tag color="blue">{t('inherited.tag')}</Tag>
    </Tooltip>
  );
}
