import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * Refine's notifications as Ant Design's, from the App context (so they follow the theme and
 * the language). @refinedev/antd has the same, but importing it at the root would put all of
 * that package on the login page.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => notification.open({ key, message, description, type: type === 'progress' ? 'info' : type }),
    close: (key) => notification.destroy(key),
  };
}
