import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { validationError } from '../../errors.js';

/**
 * A gzip writer in front of `out`: what `writeBackup` writes to. `done` settles when everything is
 * flushed to `out` (or rejects with the first failure on the way).
 */
export function gzipInto(out: Writable): { sink: Writable; done: Promise<void> } {
  const sink = createGzip();
  return { sink, done: pipeline(sink, out) };
}

/** The lines of a gzip-compressed archive, read as they arrive; a stream that is not gzip is a VALIDATION_ERROR. */
export async function* archiveLines(source: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const lines = (rest + (chunk as Buffer).toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') yield line;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw validationError(`The backup archive is not readable gzip (${(error as Error).message})`);
    }
    throw error;
  } finally {
    source.unpipe(gunzip);
    if (!source.readableEnded) source.resume();
  }
  if (rest.trim() !== '') yield rest;
}
