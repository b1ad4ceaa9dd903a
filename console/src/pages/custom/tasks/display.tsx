import { useTranslation } from '@refinedev/core';
import { Tag, theme, Typography } from 'antd';
import { useDictionaryLabels } from '../../dictionary-labels';
import type { TaskState } from './task';

/** An instant in the reader's locale, its ISO value kept in `dateTime`; a dash when there is none. */
export function Time({ value }: { value: string | null | undefined }) {
  return value ? <time dateTime={value}>{new Date(value).toLocaleString()}</time> : <>—</>;
}

/** A JSON value as indented text (a payload, a result, a request body), on the theme's own background. */
export function JsonBlock({ value }: { value: unknown }) {
  const { token } = theme.useToken();
  return (
    <pre
      style={{
        margin: 0,
        padding: token.paddingXS,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadiusSM,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxHeight: 320,
        overflow: 'auto',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

const STATE_COLORS: Record<TaskState, string> = {
  pending: 'default',
  scheduled: 'purple',
  queued: 'cyan',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** A task's state as a coloured tag, labelled as the built-in dictionary `task_state` has it. */
export function StateTag({ state }: { state: TaskState }) {
  const { translate: t } = useTranslation();
  const labelOf = useDictionaryLabels('task_state');
  return (
    <Tag color={STATE_COLORS[state]} data-state={state}>
      {labelOf(state, t(`tasks.state.${state}`))}
    </Tag>
  );
}

/** A long line (a user agent, a path) cut to the column, whole in its tooltip. */
export function Clipped({ text }: { text: string }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  );
}
