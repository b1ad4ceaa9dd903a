import { useTranslation } from '@refinedev/core';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useUnreadCount } from '../pages/custom/notices/my-notices';

/** The drawer and what it draws, loaded the first time the bell is clicked: the bell is on every page. */
const MyNoticesDrawer = lazy(() => import('../pages/custom/notices/my-notices-drawer'));

/**
 * The header's bell: the count of the signed-in user's unread notices, and a click opens them in
 * a drawer. The shell reads the count again when `notice.published` arrives on the live stream
 * (by invalidating the `me/notices` lists); reading a notice in the drawer does too.
 */
export default function NoticeBell() {
  const { translate: t } = useTranslation();
  const { count, refetch } = useUnreadCount();
  const [open, setOpen] = useState(false);
  // Drawn from the first click on, so that closing it can play out.
  const [opened, setOpened] = useState(false);
  const label = count > 0 ? t('header.noticesUnread', { count }) : t('header.notices');
  return (
    <>
      <Badge count={count} size="small" title={label}>
        <Button size="small" aria-label={label} icon={<BellIcon />} onClick={() => (setOpened(true), setOpen(true))} />
      </Badge>
      {opened && (
        <Suspense fallback={null}>
          <MyNoticesDrawer open={open} onClose={() => setOpen(false)} onRead={refetch} />
        </Suspense>
      )}
    </>
  );
}

/** A bell, drawn here rather than taken from an icon package the console does not otherwise load. */
function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M12 3v2M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </svg>
  );
}
