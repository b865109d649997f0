import { Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './errors.tsx';

/** Loading and error states of a query, in one place; renders `children` with the data. */
export function QueryState<T>({ query, children, label }: { query: UseQueryResult<T>; children: (data: T) => ReactNode; label: string }) {
  if (query.isPending) {
    return (
      <Center h={120}>
        <Loader aria-label={`Loading ${label}`} />
      </Center>
    );
  }
  if (query.isError) return <ErrorAlert error={query.error} />;
  return <>{children(query.data)}</>;
}
