// The built site (`LUDI_SITE`) served as a static HTTPS host serves it: HTTP/2 over TLS (a
// certificate made for the run by `openssl`), brotli copies when the browser takes them, no
// caching without asking. The first-tap test measures a first visit here too, as a phone meets
// the page on a museum's or school's web host, where every request shares one connection
// rather than queueing for six as over `cargo xtask serve`'s plain HTTP/1.1.

import http2 from 'node:http2';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.bin': 'application/octet-stream',
};

/** A key and a certificate for `localhost`, good for a day. */
function certificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ludi-h2-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The file under `root` a request path names (a folder's index.html), or null. */
function fileOf(root, urlPath) {
  let name;
  try {
    name = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(name));
  const inside = path.relative(root, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const found = existsSync(file) && statSync(file).isDirectory() ? path.join(file, 'index.html') : file;
  return existsSync(found) && statSync(found).isFile() ? found : null;
}

/** Serves `root` over HTTP/2 on a free port: {url, close()}. */
export async function serveHttp2(root) {
  const site = path.resolve(root);
  const server = http2.createSecureServer(certificate());
  server.on('stream', (stream, headers) => {
    const file = fileOf(site, headers[':path'] ?? '/');
    if (!file) {
      stream.respond({ ':status': 404 });
      stream.end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const brotli = /\bbr\b/.test(headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
    stream.respondWithFile(brotli ? `${file}.br` : file, {
      'content-type': type,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// `node h2-site.mjs <folder>` serves it until stopped and prints where (`cargo xtask lighthouse`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const host = await serveHttp2(process.argv[2] ?? '.');
  console.log(host.url);
}
