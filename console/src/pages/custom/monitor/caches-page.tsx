import { CanAccess, useCustom, useDelete, useTranslation } from '@refinedev/core';
import { Button, Card, Popconfirm, Space, Table, Typography, type TableColumnType } from 'antd';
import type { CustomPageProps } from '../registry';
import { formatPercent } from './figures';

/** The permission behind clearing a cache (modules/monitor/README.md). */
const CLEAR_CACHE = 'monitor:cache:remove';

/** A named cache, as GET /monitor/caches lists it: its figures summed over the live instances. */
interface Cache {
  name: string;
  entries: number;
  hits: number;
  misses: number;
  /** `hits / (hits + misses)`; null before any read. */
  hitRatio: number | null;
}

const count = (value: number) => value.toLocaleString();

/**
 * The kernel's named caches (one per module with the `cache` capability): entries, hits, misses
 * and hit ratio over every live instance. Clear (asked once more) drops a cache's entries on
 * every instance; the list is then read again.
 */
export default function CachesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { query } = useCustom<{ items: Cache[]; instances: number }>({ url: '/monitor/caches', method: 'get' });
  const { mutate: clear } = useDelete();
  const caches = query.data?.data;

  const columns: TableColumnType<Cache>[] = [
    { dataIndex: 'name', title: t('monitor.cache.name') },
    { dataIndex: 'entries', title: t('monitor.cache.entries'), align: 'right', render: count },
    { dataIndex: 'hits', title: t('monitor.cache.hits'), align: 'right', render: count },
    { dataIndex: 'misses', title: t('monitor.cache.misses'), align: 'right', render: count },
    {
      dataIndex: 'hitRatio',
      title: t('monitor.cache.hitRatio'),
      align: 'right',
      render: (ratio: Cache['hitRatio']) => (ratio === null ? '—' : formatPercent(ratio)),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, cache) => (
        <CanAccess resource="monitor/caches" action="delete" params={{ permission: CLEAR_CACHE }}>
          <Popconfirm
            title={t('monitor.cache.clearConfirm', { name: cache.name })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              clear(
                {
                  resource: 'monitor/caches',
                  id: cache.name,
                  successNotification: () => ({ type: 'success', message: t('monitor.cache.cleared', { name: cache.name }) }),
                },
                { onSuccess: () => void query.refetch() },
              )
            }
          >
            <Button size="small" danger>
              {t('monitor.cache.clear')}
            </Button>
          </Popconfirm>
        </CanAccess>
      ),
    },
  ];

  return (
    <Card
      title={menu.title}
      extra={
        <Space wrap>
          {caches && <Typography.Text type="secondary">{t('monitor.cache.instances', { count: caches.instances })}</Typography.Text>}
          <Button onClick={() => void query.refetch()}>{t('monitor.refresh')}</Button>
        </Space>
      }
    >
      <Table<Cache> rowKey="name" dataSource={caches?.items} columns={columns} loading={query.isLoading} pagination={false} scroll={{ x: true }} />
    </Card>
  );
}
