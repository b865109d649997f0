/**
 * Ways out of a site, as file paths a deploy might carry and as URLs a visitor might send:
 * `../` in every spelling (encoded, double-encoded, overlong UTF-8, NUL-terminated, Unicode
 * look-alikes), backslashes and separator look-alikes, absolute and drive paths, UNC and file
 * URLs, control and invisible characters, symlink-like names.
 */
const DOTS = ['..', '.', '...', '．．', '‥', '\u2024\u2024', '.．', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '..%00', '%c0%ae%c0%ae'];
const SEPARATORS = ['/', '\\', '%2f', '%5c', '／', '＼', '∕', '⁄', '%c0%af', ':', '\u2215'];

const DEPLOY_SPECIALS = [
  '/etc/passwd',
  '/index.html',
  'C:\\Windows\\win.ini',
  'C:/Windows/win.ini',
  'c:secret.txt',
  '\\\\server\\share\\x',
  '//server/share/x',
  'file:///etc/passwd',
  'a\u0000b.html',
  'index.html\u0000.png',
  'a\nb',
  'a\rb',
  'a\tb',
  '\u202eevil.html',
  'a\u200bb.html',
  'link -> /etc/passwd',
  'link->../../secret',
  '@LongLink/../x',
  'a/',
  '',
  'a//b',
  './a',
  'a/.',
  'a/..',
  '~/../x',
  ' leading-space',
  'trailing-space ',
  'a/ /b',
  'a%2fb',
  'proc/self/root/../../etc/passwd',
];

/** File paths a deploy must refuse (nothing stored), ≥ 200. */
export const DEPLOY_TRAVERSALS: readonly string[] = [
  ...DOTS.flatMap((d) => SEPARATORS.flatMap((s) => [`${d}${s}etc${s}passwd`, `assets${s}${d}${s}${d}${s}secret.txt`])),
  ...DEPLOY_SPECIALS,
];

const URL_DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%ef%bc%8e%ef%bc%8e',
  '%e2%80%a5',
  '..%00',
  '.',
  '...',
  '%2e',
];
const URL_SEPARATORS = ['/', '%2f', '%2F', '%5c', '%5C', '\\', '%252f', '%c0%af', '%ef%bc%8f', '%e2%88%95', '%00/'];

const URL_SPECIALS = [
  '//other-site/secret.txt',
  '//index.html',
  '/public//a.txt',
  '/%00',
  '/index.html%00.txt',
  '/index.html%00',
  '/%ff',
  '/%',
  '/%zz',
  '/C:%5cWindows%5cwin.ini',
  '/c:/x',
  '/%5c%5cserver%5cshare',
  '/file:%2f%2f%2fetc%2fpasswd',
  '/public/a.txt%2f..%2f..%2fsecret.txt',
  '/public/a.txt/..',
  '/%e2%80%ae',
  '/a%0ab',
  '/a%0d%0aSet-Cookie:%20x=1',
];

/** Request targets that must answer 404 (never a file of any site, never the API), ≥ 200. */
export const URL_TRAVERSALS: readonly string[] = [
  ...URL_DOTS.flatMap((d) => URL_SEPARATORS.flatMap((s) => [`/public/${d}${s}${d}${s}secret.txt`, `/${d}${s}index.html`])),
  ...URL_SPECIALS,
];
