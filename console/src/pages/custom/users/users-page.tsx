import { useLocation } from 'react-router';
import type { CustomPageProps } from '../registry';
import { UserForm } from './user-form';
import { UserList } from './user-list';

/** The users menu's page: the list at the menu's path, the form at `<path>/create` and `<path>/edit/<id>`, as the generic pages. */
export default function UsersPage({ menu }: CustomPageProps) {
  const { pathname } = useLocation();
  const rest = pathname.slice(menu.path.length);
  if (rest === '/create') return <UserForm route={menu.path} title={menu.title} action="create" />;
  const edit = /^\/edit\/([^/]+)$/.exec(rest);
  if (edit) return <UserForm route={menu.path} title={menu.title} action="edit" id={decodeURIComponent(edit[1])} />;
  return <UserList route={menu.path} title={menu.title} />;
}
