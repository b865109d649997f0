import type { SiteFile } from '../../api/sites.ts';

/** A chosen file and the path it gets in the site. */
export interface Chosen {
  file: File;
  path: string;
}

/**
 * The site paths of files chosen in the browser: a folder's files keep their path inside the
 * folder (`dist/assets/app.js` → `assets/app.js`), single files their name.
 */
export function sitePaths(files: readonly File[]): Chosen[] {
  const relative = files.map((f) => f.webkitRelativePath || f.name);
  const folders = new Set(relative.map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  const strip = folders.size === 1 && !folders.has('');
  return files.map((file, i) => ({ file, path: strip ? relative[i]!.split('/').slice(1).join('/') : relative[i]! }));
}

/** One file's bytes as standard padded base64 (what the deploy takes), through the browser's own encoder. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** Reads every chosen file, reporting the bytes read so far after each. */
export async function readSiteFiles(chosen: readonly Chosen[], progress: (bytesRead: number) => void): Promise<SiteFile[]> {
  const out: SiteFile[] = [];
  let read = 0;
  for (const { file, path } of chosen) {
    out.push({ path, content: await base64Of(file), encoding: 'base64' });
    read += file.size;
    progress(read);
  }
  return out;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
