import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryError } from '@/components/query-error';
import { readSignedIn } from '@/lib/storage';
import { useMe } from '@/lib/staff-session';

const PasswordChangePage = lazy(() => import('@/features/auth/pages/password-change-page'));

/**
 * The frame opens only for a signed-in staff member; anyone else goes to the sign-in page. A
 * member with a one-time password sees only the screen that replaces it.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (!readSignedIn()) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPending)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data.mustChangePassword)
    return (
      <Suspense fallback={<Spin size="large" />}>
        <PasswordChangePage />
      </Suspense>
    );
  return children;
}
