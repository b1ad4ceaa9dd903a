import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, Spin, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { atriumAuth } from './api/auth-provider';
import { atriumDataProvider } from './api/data-provider';
import { ApiClient } from './api/http';
import { browserSession } from './api/session';
import { i18nProvider, initialLanguage, saveLanguage, type Language } from './i18n/i18n';
import { useNotificationProvider } from './notifications';
import { LoginPage } from './pages/login';
import { initialDark, motionWanted, PreferencesContext, saveDark } from './preferences';

// Everything past the login page loads once signed in, so the first load stays small.
const Shell = lazy(() => import('./layout/shell'));

export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [dark, setDarkState] = useState(initialDark);
  const [motion] = useState(motionWanted);
  // The client asks the current language at each request, without being made anew.
  const currentLanguage = useRef(language);
  currentLanguage.current = language;
  const api = useMemo(() => new ApiClient({ session: browserSession(), language: () => currentLanguage.current }), []);
  const dataProvider = useMemo(() => atriumDataProvider(api), [api]);
  // Refine's own defaults, on a client the console holds: what one person's session read (their
  // menus, their lists) is dropped when a session starts or ends, never shown to the next.
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, placeholderData: keepPreviousData } } }), []);
  const { authProvider, accessControlProvider } = useMemo(() => atriumAuth(api, () => queryClient.clear()), [api, queryClient]);
  const i18n = useMemo(
    () =>
      i18nProvider(language, (next) => {
        saveLanguage(next);
        setLanguage(next);
        document.documentElement.lang = next;
      }),
    [language],
  );
  const preferences = useMemo(
    () => ({
      dark,
      setDark: (next: boolean) => {
        saveDark(next);
        setDarkState(next);
      },
      language,
    }),
    [dark, language],
  );

  return (
    <BrowserRouter>
      <PreferencesContext.Provider value={preferences}>
        {/* A button's click wave is drawn in a React root of its own, outside the theme's motion: turned off with it. */}
        <ConfigProvider
          locale={language === 'zh' ? zhCN : enUS}
          theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { motion } }}
          wave={{ disabled: !motion }}
        >
          <AntdApp>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18n}
              routerProvider={routerProvider}
              notificationProvider={useNotificationProvider}
              // Telemetry would call refine.dev: the console talks to its own server only.
              options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, reactQuery: { clientConfig: queryClient } }}
            >
              <Routes>
                <Route
                  path="/login"
                  element={
                    <Authenticated key="login" fallback={<LoginPage />}>
                      <Navigate to="/" replace />
                    </Authenticated>
                  }
                />
                <Route
                  path="*"
                  element={
                    <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                      <Suspense fallback={<Spin fullscreen />}>
                        <Shell api={api} />
                      </Suspense>
                    </Authenticated>
                  }
                />
              </Routes>
            </Refine>
          </AntdApp>
        </ConfigProvider>
      </PreferencesContext.Provider>
    </BrowserRouter>
  );
}
