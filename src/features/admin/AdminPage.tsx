import { EmptyPage } from '../../shared/ui/EmptyState';

/**
 * The administration branch (its own lazy chunk). Until the admin pages are built, each menu page
 * shows its title over 暂无数据; `path` and `params` say which page and record were asked for.
 */
export function AdminPage({ title, path }: { title: string; path: string; params: Record<string, string> }) {
  return (
    <div data-page={path}>
      <EmptyPage title={title} />
    </div>
  );
}
