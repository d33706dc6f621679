import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this many bytes an answer goes out as it is: compressing a barcode lookup's few hundred
 * bytes costs more CPU than the bytes it saves, and the lookup is the hot path.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses larger text answers (JSON lists, CSV exports) for clients that accept it. Built web
 * files already come compressed from the build (web-app.ts), so they pass through untouched.
 * Request bodies are not decompressed: no client of ours sends compressed bodies.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
