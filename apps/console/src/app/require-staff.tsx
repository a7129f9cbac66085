import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryError } from '@/components/query-error';
import { readToken } from '@/lib/storage';
import { useMe } from '@/lib/staff-session';

/** The frame opens only for a signed-in staff member; anyone else goes to the sign-in page. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (!readToken()) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPending)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  return children;
}
