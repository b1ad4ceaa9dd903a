import { useCustomMutation, useInvalidate, useTranslation } from '@refinedev/core';
import { useContext } from 'react';
import type { ApiHttpError } from '../../../api/http';
import { MenusRefresh } from '../../../layout/shell';
import { refusal, type GeneratorTable } from './generator-table';

/**
 * Generates a table's module (POST /generator/tables/{id}/generate). It is live at once, so the
 * side menu and the catalog are read again: its menu appears and its page works without a reload.
 */
export function useGenerate() {
  const { translate: t } = useTranslation();
  const refreshMenus = useContext(MenusRefresh);
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<{ moduleId: string }, ApiHttpError>();
  const generate = (table: GeneratorTable) =>
    mutate(
      {
        url: `/generator/tables/${encodeURIComponent(table.id)}/generate`,
        method: 'post',
        values: {},
        successNotification: (response) => ({ type: 'success', message: t('generator.generated', { moduleId: response?.data.moduleId ?? table.moduleId }) }),
        errorNotification: refusal,
      },
      {
        onSuccess: () => {
          refreshMenus();
          void invalidate({ resource: 'generator/tables', invalidates: ['list', 'detail'], id: table.id });
        },
      },
    );
  return { generate, generating: mutation.isPending };
}
