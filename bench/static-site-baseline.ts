import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/**
 * The reference for static sites: bare Fastify + @fastify/static serving STATIC_ROOT from disk
 * (its defaults: ETag, Last-Modified, Cache-Control), no logger. Started by bench/static-sites.ts.
 */
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_ROOT! });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
