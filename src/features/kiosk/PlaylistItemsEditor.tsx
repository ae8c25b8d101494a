import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PlaylistItemInput } from '../../../contract/playlists';
import { Button } from '../../shared/ui/Button';
import type { Choice } from './playlistAdminApi';
import { moveItem } from './playlistDraft';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th, & td { padding: 0.4rem 0.5rem; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder}; }
  & th { font-weight: 500; color: ${({ theme }) => theme.textMuted}; font-size: 0.875rem; }
  & select, & input {
    height: 2.25rem; padding: 0 0.5rem; border-radius: 0.375rem; font: inherit;
    border: 1px solid ${({ theme }) => theme.inputBorder}; background: ${({ theme }) => theme.inputBg}; color: ${({ theme }) => theme.textStrong};
  }
  & select { width: 100%; }
  & input[type='number'] { width: 6rem; }
`;

const Small = styled(Button)`
  height: 2.25rem;
  padding: 0 0.75rem;
`;

interface Props {
  items: PlaylistItemInput[];
  templates: Choice[];
  projects: Choice[];
  onChange(items: PlaylistItemInput[]): void;
}

/** The items of a playlist in playing order: what each shows, for how long, under which title; reorder and remove. */
export function PlaylistItemsEditor({ items, templates, projects, onChange }: Props) {
  const { t } = useTranslation('kiosk');
  const set = (n: number, patch: Partial<PlaylistItemInput>) =>
    onChange(items.map((item, i) => (i === n ? ({ ...item, ...patch } as PlaylistItemInput) : item)));
  const choices = (item: PlaylistItemInput) => (item.kind === 'template' ? templates : projects);
  const targetOf = (item: PlaylistItemInput) => (item.kind === 'template' ? item.templateId : item.projectId);

  if (!items.length) return <p data-playlist-no-items="">{t('admin.noItems')}</p>;
  return (
    <Table>
      <thead>
        <tr>
          <th>#</th><th>{t('admin.target')}</th><th>{t('admin.duration')}</th><th>{t('admin.title')}</th><th />
        </tr>
      </thead>
      <tbody>
        {items.map((item, n) => (
          // Rows have no identity of their own: the position is what the user edits.
          <tr key={n} data-playlist-item={n}>
            <td>{n + 1}</td>
            <td>
              <select
                aria-label={`${t(`admin.kind.${item.kind}`)} ${n + 1}`}
                value={targetOf(item)}
                onChange={(e) => set(n, item.kind === 'template' ? { templateId: Number(e.target.value) } : { projectId: Number(e.target.value), graphId: undefined })}
              >
                {choices(item).map((c) => <option key={c.id} value={c.id}>{t(`admin.kind.${item.kind}`)} · {c.name}</option>)}
              </select>
            </td>
            <td>
              <input
                type="number" min={5} max={3600} aria-label={`${t('admin.duration')} ${n + 1}`} value={item.durationSec}
                onChange={(e) => set(n, { durationSec: Number(e.target.value) })}
              />
            </td>
            <td>
              <input aria-label={`${t('admin.title')} ${n + 1}`} value={item.title ?? ''} maxLength={64} onChange={(e) => set(n, { title: e.target.value })} />
            </td>
            <td style={{ whiteSpace: 'nowrap' }}>
              <Small type="button" $variant="ghost" disabled={n === 0} onClick={() => onChange(moveItem(items, n, -1))}>{t('admin.up')}</Small>{' '}
              <Small type="button" $variant="ghost" disabled={n === items.length - 1} onClick={() => onChange(moveItem(items, n, 1))}>{t('admin.down')}</Small>{' '}
              <Small type="button" $variant="ghost" onClick={() => onChange(items.filter((_item, i) => i !== n))}>{t('admin.remove')}</Small>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
