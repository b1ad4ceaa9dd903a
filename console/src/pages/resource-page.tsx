import { useTranslation } from '@refinedev/core';
import { Alert, Spin } from 'antd';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { resourceFor, type Catalog, type MenuNode } from '../catalog/resources';
import { customPageFor } from './custom/registry';
import { ResourceForm } from './resource-form';
import { ResourceList } from './resource-list';

/**
 * The page of a menu: the one written for it (custom/registry.ts), else drawn from the catalog —
 * its list at the menu's path, the create form at `<path>/create` and the edit form at
 * `<path>/edit/<id>`.
 */
export function ResourcePage({ menu, catalog }: { menu: MenuNode; catalog: Catalog }) {
  const { translate: t } = useTranslation();
  const { pathname } = useLocation();
  const Custom = customPageFor(menu);
  if (Custom) {
    return (
      <Suspense fallback={<Spin />}>
        <Custom menu={menu} catalog={catalog} />
      </Suspense>
    );
  }
  const spec = resourceFor(menu, catalog);
  if (!spec) return <Alert type="info" showIcon message={menu.title} description={t('page.notGeneric')} />;
  const rest = pathname.slice(menu.path.length);
  if (rest === '/create' && spec.create) return <ResourceForm spec={spec} action="create" />;
  const edit = /^\/edit\/([^/]+)$/.exec(rest);
  if (edit && spec.update) return <ResourceForm spec={spec} action="edit" id={decodeURIComponent(edit[1])} />;
  return <ResourceList spec={spec} />;
}
