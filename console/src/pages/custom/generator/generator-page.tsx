import { useLocation } from 'react-router';
import type { CustomPageProps } from '../registry';
import { TableForm } from './table-form';
import { TableList } from './table-list';
import { TablePreview } from './table-preview';

/**
 * The code generator's page: the imported tables at the menu's path, a table's configuration at
 * `<path>/edit/<id>` and the files it would generate at `<path>/preview/<id>`.
 */
export default function GeneratorPage({ menu }: CustomPageProps) {
  const { pathname } = useLocation();
  const [, action, id] = /^\/(edit|preview)\/([^/]+)$/.exec(pathname.slice(menu.path.length)) ?? [];
  if (action === 'edit') return <TableForm route={menu.path} id={decodeURIComponent(id)} />;
  if (action === 'preview') return <TablePreview route={menu.path} id={decodeURIComponent(id)} />;
  return <TableList route={menu.path} title={menu.title} />;
}
