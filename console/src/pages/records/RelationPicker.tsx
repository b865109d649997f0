import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listRecords } from '../../api/records.ts';
import type { Field } from '../../api/types.ts';

interface Props {
  field: Field;
  value: string | null;
  initialLabel: string;
  onChange: (id: string | null) => void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean | undefined;
}

/** Picks a record of the related entity, searching it (the list's `search`) as the person types. */
export function RelationPicker({ field, value, initialLabel, onChange, ...rest }: Props) {
  const related = String(field.config?.relatedEntity ?? field.config?.entity ?? '');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(value ? { value, label: initialLabel || value } : null);
  const found = useQuery({
    queryKey: ['relation-options', related, debounced],
    queryFn: () => listRecords(related, { page: 1, limit: 20, search: debounced || undefined, filters: [] }),
    enabled: related !== '',
  });
  const options = (found.data?.data ?? []).map((r) => ({ value: r.id, label: r.name || r.id }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      {...rest}
      searchable
      clearable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? 'Searching…' : `No ${related} found`}
      placeholder={`Search ${related}`}
      onChange={(id, option) => {
        setChosen(id ? { value: id, label: option?.label ?? id } : null);
        onChange(id);
      }}
      filter={({ options: all }) => all}
    />
  );
}
