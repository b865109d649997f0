import { Badge } from '@mantine/core';

export function StatusBadge({ status }: { status: 'draft' | 'published' }) {
  return (
    <Badge color={status === 'published' ? 'green' : 'gray'} variant="light">
      {status}
    </Badge>
  );
}
