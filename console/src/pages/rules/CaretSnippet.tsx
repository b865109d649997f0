import { Code } from '@mantine/core';
import { lineAt } from './dsl-errors.ts';

/** The line of `text` holding `offset` with a caret under that character (as compilers show errors). */
export function CaretSnippet({ text, offset, label }: { text: string; offset: number; label: string }) {
  const { line, column, number } = lineAt(text, offset);
  const multiline = text.includes('\n');
  return (
    <Code block aria-label={label}>
      {multiline ? `line ${number}: ` : ''}
      {line}
      {'\n'}
      {' '.repeat(column + (multiline ? `line ${number}: `.length : 0))}^
    </Code>
  );
}
