import { useLocation } from 'react-router';
import type { CustomPageProps } from '../registry';
import { ScheduleForm } from './schedule-form';
import { ScheduleList } from './schedule-list';

/** The task schedules' page: the list at the menu's path, the form at `<path>/create` and `<path>/edit/<id>`. */
export default function SchedulesPage({ menu }: CustomPageProps) {
  const { pathname } = useLocation();
  const rest = pathname.slice(menu.path.length);
  if (rest === '/create') return <ScheduleForm route={menu.path} title={menu.title} action="create" />;
  const edit = /^\/edit\/([^/]+)$/.exec(rest);
  if (edit) return <ScheduleForm route={menu.path} title={menu.title} action="edit" id={decodeURIComponent(edit[1])} />;
  return <ScheduleList route={menu.path} title={menu.title} />;
}
