import { describe, expect, it } from 'vitest';
import { isFingerprinted } from './live-site.js';
import { pathProblem, requestPath } from './paths.js';
import { fillTarget, matchPattern, parsePattern } from './patterns.js';

describe('site paths', () => {
  it.each([
    'index.html',
    'assets/app.js',
    '.well-known/security.txt',
    'café/menú.html',
    'a b/c (1).txt',
    "it's~fine@2x.png",
    '日本/語.html',
  ])('accepts %s', (path) => expect(pathProblem(path)).toBeNull());

  it.each(['', '/a', 'a/', 'a//b', '../a', 'a/./b', '...', 'a\\b', 'a%2fb', 'C:x', 'a\u0000b', 'ａ.html', '\u2024\u2024/x', ' a', 'a '])(
    'refuses %j',
    (path) => expect(pathProblem(path)).not.toBeNull(),
  );

  it('decodes a request target once, keeping a folder slash', () => {
    expect(requestPath('/')).toBe('');
    expect(requestPath('/docs/?q=1')).toBe('docs/');
    expect(requestPath('/caf%C3%A9.html')).toBe('café.html');
    expect(requestPath('/%252e%252e/x')).toBeNull();
    expect(requestPath('/%c0%ae')).toBeNull();
    expect(requestPath('http://host/x')).toBeNull();
  });
});

describe('patterns of _redirects and _headers', () => {
  const pattern = (source: string) => {
    const p = parsePattern(source);
    if (typeof p === 'string') throw new Error(p);
    return p;
  };

  it('matches literals, placeholders and a final splat, ignoring a trailing slash', () => {
    expect(matchPattern(pattern('/a/b'), 'a/b/')).toEqual({});
    expect(matchPattern(pattern('/news/:year/:id'), 'news/2024/7')).toEqual({ year: '2024', id: '7' });
    expect(matchPattern(pattern('/news/:year/:id'), 'news/2024')).toBeNull();
    expect(matchPattern(pattern('/blog/*'), 'blog/x/y')).toEqual({ splat: 'x/y' });
    expect(matchPattern(pattern('/blog/*'), 'blog')).toEqual({ splat: '' });
    expect(matchPattern(pattern('/*'), '')).toEqual({ splat: '' });
  });

  it('refuses a star that does not end the pattern, and relative patterns', () => {
    expect(typeof parsePattern('/a*/b')).toBe('string');
    expect(typeof parsePattern('a/b')).toBe('string');
  });

  it('fills targets, encoding captured values for URLs', () => {
    expect(fillTarget('/posts/:splat', { splat: 'a b/ç' }, (v) => v.split('/').map(encodeURIComponent).join('/'))).toBe(
      '/posts/a%20b/%C3%A7',
    );
    expect(fillTarget('https://x.example:8443/:id', { id: '1' })).toBe('https://x.example:8443/1');
  });
});

describe('fingerprinted names', () => {
  it.each(['app.3f9a1c2e.js', 'index-BxH3kq9Z.css', 'chunk.5f2e8d1c77.js', 'main-a1b2c3d4e5f6a7b8.mjs'])('%s is', (name) =>
    expect(isFingerprinted(name)).toBe(true),
  );
  it.each([
    'app.js',
    'jquery-3.6.0.min.js',
    'font-awesome-4-7-0.css',
    'bootstrap-datepicker.js',
    'MyComponent.js',
    'logo-20231115.png',
    'abcdefgh.js',
  ])('%s is not', (name) => expect(isFingerprinted(name)).toBe(false));
});
