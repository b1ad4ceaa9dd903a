import { useCustomMutation, useList, useTranslation } from '@refinedev/core';
import { Collapse, Drawer, Empty, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MY_NOTICES, type MyNotice } from './my-notices';

const PAGE_SIZE = 20;

export interface MyNoticesDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Called once a notice is marked read, so the bell counts again. */
  onRead: () => void;
}

/**
 * The bell's drawer, loaded the first time it opens: the notices addressed to the signed-in
 * user, unread first (marked), then the newest. Opening one shows its content, rendered and
 * sanitised by the server (no script, handler or style survives it, so the console's CSP holds),
 * and marks it read (POST /me/notices/{id}/read). The list keeps its order while the drawer is
 * open, and is read afresh each time it opens.
 */
export default function MyNoticesDrawer({ open, onClose, onRead }: MyNoticesDrawerProps) {
  const { translate: t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('myNotices.title')} width={480} destroyOnHidden>
      <MyNoticeList onRead={onRead} />
    </Drawer>
  );
}

function MyNoticeList({ onRead }: { onRead: () => void }) {
  const { translate: t } = useTranslation();
  const [page, setPage] = useState(1);
  const { result, query } = useList<MyNotice>({ resource: MY_NOTICES, pagination: { currentPage: page, pageSize: PAGE_SIZE } });
  // Read since the drawer opened: marked here without reading the list again, which would move them.
  const [readNow, setReadNow] = useState<ReadonlySet<string>>(new Set());
  const { mutate } = useCustomMutation();
  const unread = (notice: MyNotice) => !notice.read && !readNow.has(notice.id);
  const markRead = (notice: MyNotice) =>
    mutate(
      { url: `/me/notices/${encodeURIComponent(notice.id)}/read`, method: 'post', values: {} },
      { onSuccess: () => (setReadNow((ids) => new Set(ids).add(notice.id)), onRead()) },
    );

  if (query.isLoading) return <Spin />;
  if (result.data.length === 0) return <Empty description={t('myNotices.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Collapse
        onChange={(keys) => {
          for (const notice of result.data) if (keys.includes(notice.id) && unread(notice)) markRead(notice);
        }}
        items={result.data.map((notice) => ({
          key: notice.id,
          label: (
            <Space direction="vertical" size={0}>
              <Typography.Text strong={unread(notice)}>{notice.title}</Typography.Text>
              <Space size={4} wrap>
                {unread(notice) && <Tag color="blue">{t('myNotices.unread')}</Tag>}
                {notice.type === 'announcement' && <Tag>{t('notices.type.announcement')}</Tag>}
                <Typography.Text type="secondary">{new Date(notice.publishedAt).toLocaleString()}</Typography.Text>
              </Space>
            </Space>
          ),
          children: (
            <Typography>
              {/* Rendered and sanitised by the server (modules/notices): safe to insert as it is. */}
              <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.contentHtml }} />
            </Typography>
          ),
        }))}
      />
      {(result.total ?? 0) > PAGE_SIZE && (
        <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={result.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Space>
  );
}
