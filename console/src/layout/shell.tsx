import { CanAccess, useCustom, useGetIdentity, useInvalidate, useLogout, useTranslation } from '@refinedev/core';
import { App, Button, Layout, Menu, Space, Spin, Typography, theme } from 'antd';
import { createContext, lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Identity } from '../api/auth-provider';
import type { ApiClient } from '../api/http';
import { menuPages, type Catalog, type MenuNode } from '../catalog/resources';
import { ResourcePage } from '../pages/resource-page';
import { menuAt, navigationItems } from './navigation';
import { PreferenceSwitches } from './preference-switches';
import { usePreferences } from '../preferences';
import { useLiveEvents } from './use-live-events';
import { MY_NOTICES, MY_NOTICES_PERMISSION } from '../pages/custom/notices/my-notices';

/**
 * Reads GET /me/menus and the catalog again: a page that enables, disables or generates a module
 * calls it, so the side menu follows without a reload and the new menu's page is drawn.
 */
export const MenusRefresh = createContext<() => void>(() => undefined);

/** The signed-in user's own page, reached from the header rather than a menu. */
const ProfilePage = lazy(() => import('../pages/profile/profile-page'));

/** The header's bell, on every page but apart from the shell's chunk (its badge would weigh on it). */
const NoticeBell = lazy(() => import('./notice-bell'));

/**
 * The signed-in console: the side menu from GET /me/menus (its titles in the console's language),
 * a header with the preferences, the API reference, the profile and sign-out, and the page of the menu the address names (or the
 * profile at /profile). The menus and the catalog are read at sign-in, and again whenever a page
 * calls MenusRefresh (the modules page after enabling or disabling a module, the generator after
 * generating one), never with a new build. The caller's live events keep it current: a module
 * enabled or disabled anywhere redraws the menus, a revoked session signs out, a change of one
 * of the caller's tasks reads the tasks again, and a notice published to the caller is announced
 * and counted on the header's bell (drawn for whoever may read their notices, while the notices
 * module is enabled: its route is in the catalog).
 */
export default function Shell({ api }: { api: ApiClient }) {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { data: identity } = useGetIdentity<Identity>();
  const [collapsed, setCollapsed] = useState(false);
  const { language } = usePreferences();
  // The API answers each title in the language the client sends (Accept-Language): the language
  // in the query's key reads the menus again when it is switched, the old ones shown meanwhile
  // so that the page on screen is not drawn anew.
  const menus = useCustom<{ items: MenuNode[] }>({
    url: '/me/menus',
    method: 'get',
    meta: { language },
    queryOptions: { placeholderData: (previous) => previous },
  });
  const catalog = useCustom<Catalog>({ url: '/v3/api-docs', method: 'get', meta: { raw: true } });
  const tree = menus.result.data?.items;
  // Refine answers an empty object until the catalog arrives; the menus may come first.
  const loaded = catalog.query.isSuccess ? catalog.result.data : undefined;
  const pages = useMemo(() => menuPages(tree ?? []), [tree]);
  const current = menuAt(pages, location.pathname);
  const refreshMenus = () => (void menus.query.refetch(), void catalog.query.refetch());
  const invalidate = useInvalidate();
  const { notification } = App.useApp();
  useLiveEvents(api, ({ name, data }) => {
    if (name === 'module.changed') refreshMenus();
    else if (name === 'session.revoked') logout();
    else if (name === 'task.updated') void invalidate({ resource: 'tasks', invalidates: ['list', 'detail'] });
    else if (name === 'notice.published') {
      void invalidate({ resource: MY_NOTICES, invalidates: ['list'] });
      const { title, type } = data as { title: string; type: 'notice' | 'announcement' };
      notification.info({ message: t(`myNotices.new.${type === 'announcement' ? 'announcement' : 'notice'}`), description: title });
    }
  });
  const noticesLive = loaded?.paths['/api/v1/me/notices'] !== undefined;

  const content = () => {
    if (!tree || !loaded) return <Spin />;
    if (location.pathname === '/') {
      return (
        <Space direction="vertical">
          <Typography.Title level={3}>{t('home.welcome', { name: identity?.name ?? '' })}</Typography.Title>
          <Typography.Text>{t('home.tenant', { tenant: identity?.tenant.name ?? '' })}</Typography.Text>
          <Typography.Text type="secondary">{t('home.hint')}</Typography.Text>
        </Space>
      );
    }
    if (location.pathname === '/profile') {
      return (
        <Suspense fallback={<Spin />}>
          <ProfilePage />
        </Suspense>
      );
    }
    if (!current) return <Typography.Text>{t('page.notFound')}</Typography.Text>;
    return <ResourcePage key={current.id} menu={current} catalog={loaded} />;
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} collapsed={collapsed} onCollapse={setCollapsed} theme="light" width={220}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          <a href="/" onClick={(event) => (event.preventDefault(), navigate('/'))}>
            {t('app.title')}
          </a>
        </Typography.Title>
        <Menu
          mode="inline"
          aria-label="navigation"
          selectedKeys={current ? [current.path] : []}
          items={navigationItems(tree ?? [])}
          onClick={({ key }) => !key.startsWith('dir:') && navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            // On a narrow screen the header wraps, and the folded menu's button sits at its start.
            height: 'auto',
            minHeight: 64,
            lineHeight: 'normal',
            paddingBlock: 8,
            paddingInline: collapsed ? '56px 16px' : 16,
          }}
        >
          <Space wrap>
            {noticesLive && (
              <CanAccess resource={MY_NOTICES} action="list" params={{ permission: MY_NOTICES_PERMISSION }}>
                <Suspense fallback={null}>
                  <NoticeBell />
                </Suspense>
              </CanAccess>
            )}
            <PreferenceSwitches />
            <a href="/docs" target="_blank" rel="noreferrer">
              {t('header.apiReference')}
            </a>
            <Typography.Text strong>{identity?.name}</Typography.Text>
            <Button size="small" onClick={() => navigate('/profile')}>
              {t('header.profile')}
            </Button>
            <Button size="small" onClick={() => logout()}>
              {t('header.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <MenusRefresh.Provider value={refreshMenus}>{content()}</MenusRefresh.Provider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
