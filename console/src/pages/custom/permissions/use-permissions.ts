import { useInfiniteList } from '@refinedev/core';
import { useEffect, useMemo } from 'react';
import type { Permission, PermissionScope } from './permission-codes';

/**
 * Every permission the enabled modules declare (GET /system/permissions, page after page of the
 * API's largest), those of `scopes` only when given. `scopes` must keep its identity across
 * renders (a constant).
 */
export function usePermissions(scopes?: readonly PermissionScope[]) {
  const { query, result } = useInfiniteList<Permission>({ resource: 'system/permissions', pagination: { pageSize: 200 } });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const permissions = useMemo(
    () => (result.data?.pages ?? []).flatMap((page) => page.data).filter((permission) => !scopes || scopes.includes(permission.scope)),
    [result.data, scopes],
  );
  return { permissions, loading: query.isLoading || hasNextPage === true };
}
