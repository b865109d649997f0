#!/usr/bin/env node
// The `tenantbase` command: runs the TypeScript sources through tsx (serve | migrate | mcp).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
