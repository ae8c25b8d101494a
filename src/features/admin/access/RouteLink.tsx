import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';

/** A link to another console route: an address (a new tab works), followed in place on a plain click. */
export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <Typography.Link
      href={to}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Typography.Link>
  );
}
