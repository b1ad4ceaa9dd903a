import { useList } from '@refinedev/core';

/**
 * The notices addressed to the signed-in user (GET /me/notices), as Refine's resource: the
 * header's bell counts the unread ones and its drawer lists them all. Invalidating its lists
 * (`notice.published` on the live stream does) reads both again.
 */
export const MY_NOTICES = 'me/notices';

/** What reading one's own notices needs: the bell is drawn only for whoever holds it. */
export const MY_NOTICES_PERMISSION = 'me:notice:list';

/** A notice as its reader gets it: its content already rendered and sanitised by the server. */
export interface MyNotice {
  id: string;
  title: string;
  contentHtml: string;
  type: 'notice' | 'announcement';
  publishedAt: string;
  read: boolean;
}

/** How many notices addressed to the caller they have not read: the total of a one-row page of the unread. */
export function useUnreadCount() {
  const { result, query } = useList<MyNotice>({
    resource: MY_NOTICES,
    filters: [{ field: 'unread', operator: 'eq', value: true }],
    pagination: { pageSize: 1 },
    // On every page: a failed count leaves the bell as it was rather than raising a notification.
    errorNotification: false,
  });
  return { count: result.total ?? 0, refetch: () => void query.refetch() };
}
