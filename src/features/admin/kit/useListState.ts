import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseListState, serialiseListState, type ListState, type ListView } from './listState';

/**
 * The list state of `def` read from the address query and written back to it in place (replace:
 * a page or filter change is not a step of the back button; leaving the page and coming back is).
 */
export function useListState(def: ListView): [ListState, (next: ListState) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseListState(search, def), [search, def]);
  const setState = useCallback((next: ListState) => {
    const query = serialiseListState(next, def, search);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }, [def, search, location, navigate]);
  return [state, setState];
}
