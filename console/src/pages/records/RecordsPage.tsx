import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { getEntitySchema, listEntities } from '../../api/entities.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { RecordsView } from './RecordsView.tsx';

function EntityChooser({ current }: { current?: string | undefined }) {
  const [, navigate] = useLocation();
  const entities = useQuery({ queryKey: ['entities', 'published'], queryFn: () => listEntities(false) });
  return (
    <Select
      label="Entity"
      placeholder="Choose an entity"
      w={260}
      searchable
      data={(entities.data ?? []).map((e) => ({ value: e.name, label: e.displayName }))}
      value={current ?? null}
      onChange={(name) => name && navigate(`/records/${name}`)}
      nothingFoundMessage="No published entity"
    />
  );
}

export default function RecordsPage() {
  const { entity } = useParams<{ entity?: string }>();
  const schema = useQuery({ queryKey: ['entity', entity, 'published-schema'], queryFn: () => getEntitySchema(entity!), enabled: !!entity });
  if (!entity) {
    return (
      <>
        <PageHeader title="Records" description="Choose an entity to see, filter and edit its records." />
        <EntityChooser />
      </>
    );
  }
  return (
    <Stack gap="xs">
      <PageHeader title={schema.data?.displayName ?? entity} description={schema.data?.description || `Records of ${entity}`}>
        <EntityChooser current={entity} />
      </PageHeader>
      <QueryState query={schema} label="the entity">
        {(s) => (s.fields.length === 0 ? <Text c="dimmed">This entity has no field.</Text> : <RecordsView key={entity} schema={s} />)}
      </QueryState>
    </Stack>
  );
}
