import { useTranslation } from '@refinedev/core';
import { Alert, Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { FormModal } from '../../form-modal';
import { MENU_TYPES, parentOptions, type MenuRow, type MenuType } from './menu';

/** What the form is open for: a new menu under `parent` (none: a root), or an existing one. */
export type Editing = { parent?: MenuRow; menu?: undefined } | { menu: MenuRow; parent?: undefined };

/** What a new menu is by default: a directory at the root, a page in a directory, a button in a page. */
const CHILD_TYPE: Record<MenuType | 'root', MenuType> = { root: 'directory', directory: 'menu', menu: 'button', button: 'button' };

/**
 * Create or edit a menu in a dialog. The fields follow the type: a button (a permission inside a
 * page) has no icon and is never shown in the navigation, so it has no visibility either. The
 * title in English and in Chinese is what the navigation shows in that language. A module's
 * menu keeps what its manifest and code decide (titles, type, path, component, permission); it
 * may be moved, re-sorted, hidden or given an icon. The API's refusals (a move under its own
 * descendant, a malformed permission) arrive as they are.
 */
export function MenuForm({ editing, rows, onClose }: { editing: Editing; rows: MenuRow[]; onClose: (saved: boolean) => void }) {
  const { translate: t } = useTranslation();
  const { menu, parent } = editing;
  return (
    <FormModal
      resource="menus"
      id={menu?.id}
      name="menu"
      title={t(menu ? 'menus.editTitle' : 'menus.createTitle')}
      defaults={{ parentId: parent?.id ?? null, type: CHILD_TYPE[parent?.type ?? 'root'], sort: 0, visible: true }}
      onClose={onClose}
    >
      <MenuFields rows={rows} menu={menu} />
    </FormModal>
  );
}

function MenuFields({ rows, menu }: { rows: MenuRow[]; menu?: MenuRow }) {
  const { translate: t } = useTranslation();
  const type = Form.useWatch<MenuType | undefined>('type');
  const declared = Boolean(menu?.moduleId);
  const required = [{ required: true, message: t('login.required') }];
  const text = (max: number) => [...required, { max, message: t('form.tooLong', { max }) }];

  return (
    <>
      {declared && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('menus.declared', { module: menu?.moduleId ?? '' })} />}
      {/* Cleared: null, a move to the roots (left out, it would change nothing). */}
      <Form.Item name="parentId" label={t('menus.parent')} normalize={(value?: string) => value ?? null}>
        <TreeSelect treeData={parentOptions(rows, menu?.id)} allowClear treeDefaultExpandAll placeholder={t('menus.root')} />
      </Form.Item>
      <Form.Item name="type" label={t('menus.type')} extra={type && t(`menus.typeHint.${type}`)}>
        <Radio.Group disabled={declared} optionType="button" options={MENU_TYPES.map((value) => ({ value, label: t(`menus.type.${value}`) }))} />
      </Form.Item>
      <Form.Item name="title" label={t('menus.title')} rules={text(256)}>
        <Input disabled={declared} />
      </Form.Item>
      {/* Left empty: no title in that language (the API takes none shorter than one character). */}
      {(['en', 'zh'] as const).map((language) => (
        <Form.Item
          key={language}
          name={['titles', language]}
          label={t(language === 'en' ? 'menus.titleEn' : 'menus.titleZh')}
          extra={t('menus.titlesHint')}
          rules={[{ max: 256, message: t('form.tooLong', { max: 256 }) }]}
          normalize={(value?: string) => value || undefined}
        >
          <Input disabled={declared} />
        </Form.Item>
      ))}
      <Form.Item name="path" label={t('menus.path')} rules={[...text(256), { pattern: /^\//, message: t('menus.pathStart') }]}>
        <Input disabled={declared} placeholder="/system/reports" />
      </Form.Item>
      <Form.Item name="component" label={t('menus.component')} rules={text(512)}>
        <Input disabled={declared} placeholder="system/reports/index" />
      </Form.Item>
      <Form.Item name="permission" label={t('menus.permission')} rules={text(200)}>
        <Input disabled={declared} placeholder="module:resource:action" />
      </Form.Item>
      {type !== 'button' && (
        <>
          <Form.Item name="icon" label={t('menus.icon')} normalize={(value?: string) => value || null}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="visible" label={t('menus.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
      <Form.Item name="sort" label={t('menus.sort')}>
        <InputNumber min={-1000000} max={1000000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
