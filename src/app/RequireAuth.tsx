import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { loginUrlFor } from '../shared/redirect';
import { getToken } from '../shared/session';

/** No token: only the login page (SPEC §4); the current address comes back after login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  if (!getToken()) return <Redirect to={loginUrlFor(location + window.location.search)} replace />;
  return children;
}
