import { contentType } from 'mime-types';

/**
 * The Content-Type of a site file by its extension, from mime-db (through mime-types), with a
 * charset for text types; `application/octet-stream` when the extension is unknown.
 */
export function contentTypeOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'application/octet-stream';
  return contentType(name.slice(dot)) || 'application/octet-stream';
}

export const isHtml = (path: string) => /\.html?$/i.test(path);
