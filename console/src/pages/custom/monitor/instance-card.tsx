import { useTranslation } from '@refinedev/core';
import { Card, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import { formatSize } from '../assets/asset';
import { Time } from '../tasks/display';
import { formatMs, formatPercent, percentOf, uptimeParts } from './figures';
import type { Instance } from './instance';

/**
 * One running instance: its process and host (CPU, memory), how late its event loop runs, how
 * long it has run, its database and pool, and Redis. The answering instance is tagged: its
 * figures are of now, the others’ of their last report.
 */
export function InstanceCard({ instance }: { instance: Instance }) {
  const { translate: t } = useTranslation();
  const { host, eventLoop, database } = instance;
  const title = `${instance.hostname} · ${instance.pid}`;
  const uptime = uptimeParts(instance.uptimeSeconds)
    .map(({ unit, value }) => t(`monitor.uptime.${unit}`, { value }))
    .join(' ');

  return (
    <Card
      type="inner"
      role="region"
      aria-label={title}
      title={
        <Space wrap>
          {title}
          {instance.self && <Tag color="blue">{t('monitor.thisInstance')}</Tag>}
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('monitor.processCpu')}>
          {t('monitor.processCpuOf', { percent: formatPercent(instance.process.cpuPercent / 100) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.hostCpu')}>
          <Progress percent={Math.round(host.cpuPercent * 10) / 10} size="small" />
          <Typography.Text type="secondary">
            {t('monitor.hostCpuOf', { cores: host.cpuCount, load: host.loadAverage.map((load) => load.toFixed(2)).join(' / ') })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.rss')}>{formatSize(instance.process.rssBytes)}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.heap')}>
          <Usage used={instance.process.heapUsedBytes} total={instance.process.heapTotalBytes} />
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.hostMemory')}>
          <Usage used={host.memoryTotalBytes - host.memoryFreeBytes} total={host.memoryTotalBytes} />
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.eventLoop')}>
          {t('monitor.eventLoopOf', { mean: formatMs(eventLoop.meanMs), p99: formatMs(eventLoop.p99Ms), max: formatMs(eventLoop.maxMs) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.uptime')}>{uptime}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.node')}>{instance.node}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.database')}>
          <Space direction="vertical" size={0}>
            {`${t(`monitor.database.${database.kind}`)} ${database.version}`}
            <Typography.Text type="secondary">{t('monitor.poolOf', database.pool)}</Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.redis')}>
          <RedisState redis={instance.redis} />
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.reportedAt')}>
          <Time value={instance.reportedAt} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Memory in use out of a total, as a bar with both sizes written under it. */
function Usage({ used, total }: { used: number; total: number }) {
  const { translate: t } = useTranslation();
  return (
    <>
      <Progress percent={percentOf(used, total)} size="small" />
      <Typography.Text type="secondary">{t('monitor.usedOf', { used: formatSize(used), total: formatSize(total) })}</Typography.Text>
    </>
  );
}

/** Redis: not configured (no REDIS_URL), or up or down with its circuit breaker's state. */
function RedisState({ redis }: { redis: Instance['redis'] }) {
  const { translate: t } = useTranslation();
  if (!redis.configured) return <Tag>{t('monitor.redis.notConfigured')}</Tag>;
  return (
    <Space wrap>
      <Tag color={redis.up ? 'success' : 'error'}>{t(redis.up ? 'monitor.redis.up' : 'monitor.redis.down')}</Tag>
      {redis.circuit && t(`monitor.circuit.${redis.circuit}`)}
    </Space>
  );
}
