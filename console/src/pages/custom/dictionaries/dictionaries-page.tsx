import { useTranslation } from '@refinedev/core';
import { Card, Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { useListTable } from '../../list-card';
import type { CustomPageProps } from '../registry';
import type { Dictionary } from './dictionary';
import { DictionaryForm } from './dictionary-form';
import { DictionaryList } from './dictionary-list';
import { ItemList } from './item-list';

/**
 * The dictionaries menu's page, master and detail: the dictionaries on the left (above, on a
 * narrow screen), the picked one's items on the right. The picked dictionary is read from the
 * list as it is now, so an edit (a new code) or a delete shows at once in its items' panel.
 */
export default function DictionariesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const table = useListTable<Dictionary>('dictionaries');
  const [selectedId, setSelectedId] = useState<string>();
  // undefined: closed; null: a new dictionary.
  const [editing, setEditing] = useState<Dictionary | null>();
  const selected = table.tableProps.dataSource?.find((dictionary) => dictionary.id === selectedId);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={11}>
        <DictionaryList
          title={menu.title}
          table={table}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onEdit={(dictionary) => setEditing(dictionary ?? null)}
        />
      </Col>
      <Col xs={24} lg={13}>
        {selected ? (
          <ItemList key={selected.id} dictionary={selected} />
        ) : (
          <Card>
            <Empty description={t('dictionaries.pick')} />
          </Card>
        )}
      </Col>
      {editing !== undefined && <DictionaryForm dictionary={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </Row>
  );
}
