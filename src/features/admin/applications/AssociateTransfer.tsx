import { Transfer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TransferItem {
  key: number;
  title: string;
  /** Joined but outside what the caller may change (an organisation outside its scope). */
  disabled?: boolean;
}

interface Props {
  items: readonly TransferItem[];
  joined: readonly number[];
  titles: [string, string];
  editable: boolean;
  loading: boolean;
  /** Joins (`add`) or takes off the moved items. */
  onMove(keys: number[], add: boolean): Promise<void>;
}

/** The two lists of an association (not joined | joined), searchable; moving items joins or takes them off at once. */
export function AssociateTransfer({ items, joined, titles, editable, loading, onMove }: Props) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const count = ({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) => (selectedCount
    ? t('apps.itemsPicked', { picked: selectedCount, count: totalCount })
    : t('apps.items', { count: totalCount }));
  return (
    <Transfer<TransferItem>
      dataSource={items as TransferItem[]}
      targetKeys={joined as number[]}
      titles={titles}
      showSearch
      locale={{ searchPlaceholder: t('apps.search') }}
      selectAllLabels={[count, count]}
      disabled={!editable || busy || loading}
      render={(item) => item.title}
      styles={{ section: { width: '100%', height: '28rem' } }}
      onChange={async (_next, direction, moveKeys) => {
        setBusy(true);
        try {
          await onMove(moveKeys.map(Number), direction === 'right');
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
