import { Select, Stack, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { publishChannel, setChannelPermissions, updateChannel, type ChannelGrant, type MyChannel } from '../../api/channels.ts';
import { listEntities } from '../../api/entities.ts';
import { fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { FormModal } from '../../ui/FormModal.tsx';

const ACCESS = [
  { value: 'none', label: 'Not lent' },
  { value: 'read', label: 'Read (list, get)' },
  { value: 'readwrite', label: 'Read and write (adds create, update)' },
];

/** One select per published entity: what the channel lends of it. */
function GrantEditor({ grant, onChange, error }: { grant: ChannelGrant; onChange: (g: ChannelGrant) => void; error?: string | undefined }) {
  const entities = useQuery({ queryKey: ['entities', 'published'], queryFn: () => listEntities(false) });
  const published = entities.data ?? [];
  return (
    <div>
      <Text size="sm" fw={500}>
        What the channel lends
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        Published entities only. No grant ever lends delete.
      </Text>
      {published.length === 0 ? (
        <Text size="sm" c="dimmed">
          No published entity to lend yet.
        </Text>
      ) : (
        <Table aria-label="Entities lent by the channel">
          <Table.Tbody>
            {published.map((e) => (
              <Table.Tr key={e.name}>
                <Table.Td>{e.name}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Access to ${e.name}`}
                    data={ACCESS}
                    value={grant[e.name] ?? 'none'}
                    allowDeselect={false}
                    onChange={(v) => {
                      const next = { ...grant };
                      if (v === 'read' || v === 'readwrite') next[e.name] = v;
                      else delete next[e.name];
                      onChange(next);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

interface Details {
  slug: string;
  name: string;
  description: string;
  tags: string[];
}

function DetailsFields({
  values,
  setValues,
  errors,
}: {
  values: Details;
  setValues: (d: Details) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextInput
        label="Slug"
        description="How other tenants find the channel: 3–63 lowercase letters, digits and single hyphens"
        required
        value={values.slug}
        onChange={(e) => setValues({ ...values, slug: e.currentTarget.value })}
        error={errors.slug}
        data-autofocus
      />
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={values.description}
        onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
        error={errors.description}
      />
      <TagsInput
        label="Tags"
        description="Press Enter after each tag"
        value={values.tags}
        onChange={(tags) => setValues({ ...values, tags })}
        error={errors.tags}
      />
    </>
  );
}

const detailsOf = (channel: MyChannel | null): Details => ({
  slug: channel?.slug ?? '',
  name: channel?.name ?? '',
  description: channel?.description ?? '',
  tags: channel?.tags ?? [],
});

/** Publishes the tenant's channel: the first time, or again after it was unpublished (its grant comes back). */
export function PublishChannel({ channel, onClose }: { channel: MyChannel | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(detailsOf(channel));
  const [grant, setGrant] = useState<ChannelGrant>(channel?.permissions ?? {});
  const publish = useMutation({
    mutationFn: () =>
      publishChannel({
        slug: values.slug.trim(),
        name: values.name.trim(),
        permissions: grant,
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
        ...(values.tags.length ? { tags: values.tags } : {}),
      }),
    onSuccess: async (answer) => {
      notifyDone(`Channel ${answer.slug} published`);
      await queryClient.invalidateQueries({ queryKey: ['my-channel'] });
      onClose();
    },
  });
  const errors = fieldErrors(publish.error);
  return (
    <FormModal
      title="Publish the channel"
      onClose={onClose}
      onSubmit={() => publish.mutate()}
      submitLabel="Publish channel"
      busy={publish.isPending}
      error={publish.error}
      size="lg"
    >
      <Stack>
        <DetailsFields values={values} setValues={setValues} errors={errors} />
        <GrantEditor grant={grant} onChange={setGrant} error={errors.permissions} />
      </Stack>
    </FormModal>
  );
}

/** Changes the channel's slug, name, description and tags (update_channel). */
export function EditChannel({ channel, onClose }: { channel: MyChannel; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(detailsOf(channel));
  const save = useMutation({
    mutationFn: () =>
      updateChannel({ slug: values.slug.trim(), name: values.name.trim(), description: values.description.trim(), tags: values.tags }),
    onSuccess: async () => {
      notifyDone('Channel details saved');
      await queryClient.invalidateQueries({ queryKey: ['my-channel'] });
      onClose();
    },
  });
  return (
    <FormModal
      title="Edit the channel"
      onClose={onClose}
      onSubmit={() => save.mutate()}
      submitLabel="Save"
      busy={save.isPending}
      error={save.error}
    >
      <DetailsFields values={values} setValues={setValues} errors={fieldErrors(save.error)} />
    </FormModal>
  );
}

/** Replaces what the channel lends (set_channel_permissions); it takes effect at once. */
export function EditGrant({ channel, onClose }: { channel: MyChannel; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [grant, setGrant] = useState<ChannelGrant>(channel.permissions);
  const save = useMutation({
    mutationFn: () => setChannelPermissions(grant),
    onSuccess: async () => {
      notifyDone('What the channel lends was saved; it applies from the next call');
      await queryClient.invalidateQueries({ queryKey: ['my-channel'] });
      onClose();
    },
  });
  return (
    <FormModal
      title="What the channel lends"
      onClose={onClose}
      onSubmit={() => save.mutate()}
      submitLabel="Save"
      busy={save.isPending}
      error={save.error}
      size="lg"
    >
      <GrantEditor grant={grant} onChange={setGrant} error={fieldErrors(save.error).permissions} />
    </FormModal>
  );
}
