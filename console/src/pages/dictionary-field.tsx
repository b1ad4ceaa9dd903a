import { Select } from 'antd';
import { useDictionaryItems, useDictionaryLabels } from './dictionary-labels';

/** What Form.Item hands its child: the control's id, value and change handler. */
type Bound = Record<string, unknown>;

/** A choice among a dictionary's items, each shown by its label in the console's language. */
export function DictionarySelect({ code, allowClear, ...bound }: { code: string; allowClear: boolean } & Bound) {
  const items = useDictionaryItems(code);
  return (
    <Select {...bound} style={{ minWidth: 120 }} allowClear={allowClear} options={items.map((item) => ({ value: item.value, label: item.displayLabel }))} />
  );
}

/** A stored value as the list shows it: its item's label, else the value itself. */
export function DictionaryValue({ code, value }: { code: string; value: string }) {
  const labelOf = useDictionaryLabels(code);
  return <>{labelOf(value, value)}</>;
}
