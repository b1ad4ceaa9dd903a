import { useCustom, useTranslation } from '@refinedev/core';
import { Button, Card, Col, Row, Spin } from 'antd';
import type { CustomPageProps } from '../registry';
import type { Instance } from './instance';
import { InstanceCard } from './instance-card';

/** How often the page reads the instances again: twice in each of their default report intervals (10 s). */
const POLL_MS = 5000;

/**
 * Every running instance (GET /monitor/server), the answering one first: each as a card, read
 * again every five seconds while the page is shown, and on demand.
 */
export default function ServerPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { query } = useCustom<{ items: Instance[] }>({ url: '/monitor/server', method: 'get', queryOptions: { refetchInterval: POLL_MS } });
  // Kept from the last answer while a later read fails, so a hiccup does not blank the page.
  const instances = query.data?.data.items;

  return (
    <Card title={menu.title} extra={<Button onClick={() => void query.refetch()}>{t('monitor.refresh')}</Button>}>
      {instances ? (
        <Row gutter={[16, 16]}>
          {instances.map((instance) => (
            <Col key={instance.instanceId} xs={24} xl={12}>
              <InstanceCard instance={instance} />
            </Col>
          ))}
        </Row>
      ) : (
        query.isLoading && <Spin />
      )}
    </Card>
  );
}
