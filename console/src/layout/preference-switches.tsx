import { useTranslation } from '@refinedev/core';
import { Segmented, Space, Switch } from 'antd';
import { usePreferences } from '../preferences';

/** The language (English / 中文) and the light or dark theme, on every page. */
export function PreferenceSwitches() {
  const { translate: t, changeLocale } = useTranslation();
  const { dark, setDark, language } = usePreferences();
  return (
    <Space>
      <Segmented
        size="small"
        aria-label={t('header.language')}
        value={language}
        onChange={(value) => changeLocale(String(value))}
        options={[
          { label: 'English', value: 'en' },
          { label: '中文', value: 'zh' },
        ]}
      />
      <Switch
        size="small"
        checked={dark}
        onChange={setDark}
        checkedChildren="☾"
        unCheckedChildren="☀"
        aria-label={t('header.theme')}
        title={t('header.theme')}
      />
    </Space>
  );
}
