import { useCustom, useTranslation } from '@refinedev/core';
import { Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ApiHttpError } from '../../../api/http';
import { Time } from './display';

/** Fire times, one a line. */
export function FireTimes({ times }: { times: readonly string[] }) {
  return (
    <Space direction="vertical" size={0}>
      {times.length === 0 ? '—' : times.map((time) => <Time key={time} value={time} />)}
    </Space>
  );
}

/** `value`, once it has stopped changing for `ms`: a preview asks once the typing pauses. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The next fire times of the cron and time zone being typed (GET /tasks/schedules/preview), or
 * what the API finds wrong with them, under the form's fields.
 */
export function FireTimesPreview({ cron, timezone }: { cron: string | undefined; timezone: string | undefined }) {
  const { translate: t } = useTranslation();
  const settled = useSettled({ cron: cron?.trim() ?? '', timezone: timezone || 'UTC' }, 400);
  const { query, result } = useCustom<{ nextFireTimes: string[] }, ApiHttpError>({
    url: '/tasks/schedules/preview',
    method: 'get',
    config: { query: settled },
    queryOptions: { enabled: settled.cron !== '', retry: false },
    errorNotification: false,
  });
  let shown;
  if (settled.cron === '') shown = <Typography.Text type="secondary">{t('schedules.previewEmpty')}</Typography.Text>;
  else if (query.isError)
    shown = (
      <Typography.Text type="danger">
        {query.error.details
          .map((detail) => `${t(detail.field === '/query/timezone' ? 'schedules.timezone' : 'schedules.cron')} ${detail.message}`)
          .join('; ') || query.error.message}
      </Typography.Text>
    );
  else if (!query.isSuccess) shown = <Spin size="small" />;
  else shown = <FireTimes times={result.data.nextFireTimes} />;
  return (
    <section aria-label={t('schedules.nextFireTimes')}>
      <Typography.Text strong>{t('schedules.nextFireTimes')}</Typography.Text>
      <div>{shown}</div>
    </section>
  );
}
