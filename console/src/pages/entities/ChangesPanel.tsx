import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { listEntityChanges } from '../../api/entities.ts';
import type { Field } from '../../api/types.ts';

type EntityChanges = Awaited<ReturnType<typeof listEntityChanges>>;

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function fieldSummary(f: Field) {
  return `${f.fieldKey} · ${f.type}${f.required ? ' · required' : ''}${f.unique ? ' · unique' : ''}`;
}

/** The draft against the published version, as list_entity_changes answers it. */
export function ChangesPanel({ changes }: { changes: EntityChanges }) {
  if (!changes.hasChanges) {
    return <Text c="dimmed">No pending changes: the draft equals published version {changes.publishedVersion ?? '—'}.</Text>;
  }
  return (
    <Stack>
      <Text size="sm">
        Draft version {changes.draftVersion} against{' '}
        {changes.publishedVersion ? `published version ${changes.publishedVersion}` : 'nothing published yet'}.
      </Text>
      {changes.added.length > 0 && (
        <section aria-label="Added fields">
          <Title order={4} size="h5" mb={4}>
            Added
          </Title>
          {changes.added.map((f) => (
            <Text key={f.fieldKey} size="sm">
              <Badge color="green" variant="light" mr="xs">
                +
              </Badge>
              {f.name} <Code>{fieldSummary(f)}</Code>
            </Text>
          ))}
        </section>
      )}
      {changes.removed.length > 0 && (
        <section aria-label="Removed fields">
          <Title order={4} size="h5" mb={4}>
            Removed
          </Title>
          {changes.removed.map((f) => (
            <Text key={f.fieldKey} size="sm">
              <Badge color="red" variant="light" mr="xs">
                −
              </Badge>
              {f.name} <Code>{fieldSummary(f)}</Code>
            </Text>
          ))}
        </section>
      )}
      {(changes.indexes.added.length > 0 || changes.indexes.removed.length > 0) && (
        <section aria-label="Index changes">
          <Title order={4} size="h5" mb={4}>
            Indexes
          </Title>
          {changes.indexes.added.map((i) => (
            <Text key={`+${i.name}`} size="sm">
              <Badge color="green" variant="light" mr="xs">
                +
              </Badge>
              <Code>{i.name}</Code> on {i.fields.join(', ')}
            </Text>
          ))}
          {changes.indexes.removed.map((i) => (
            <Text key={`-${i.name}`} size="sm">
              <Badge color="red" variant="light" mr="xs">
                −
              </Badge>
              <Code>{i.name}</Code> on {i.fields.join(', ')}
            </Text>
          ))}
        </section>
      )}
      {(changes.changed.length > 0 || changes.entity.length > 0) && (
        <section aria-label="Changed">
          <Title order={4} size="h5" mb={4}>
            Changed
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Draft</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.entity.map((c) => (
                  <Table.Tr key={`entity-${c.property}`}>
                    <Table.Td>entity {c.property}</Table.Td>
                    <Table.Td>
                      <Code>{show(c.before)}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{show(c.after)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {changes.changed.flatMap((c) =>
                  c.changes.map((property) => (
                    <Table.Tr key={`${c.fieldKey}-${property}`}>
                      <Table.Td>
                        {c.fieldKey} {property}
                      </Table.Td>
                      <Table.Td>
                        <Code>{show((c.before as unknown as Record<string, unknown>)[property])}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Code>{show((c.after as unknown as Record<string, unknown>)[property])}</Code>
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      )}
    </Stack>
  );
}
