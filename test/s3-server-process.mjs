// The s3rver process test/s3-server.ts starts. It runs apart from the tests because s3rver's
// ListObjectsV2 continuation tokens use DES, which Node's OpenSSL 3 only offers with
// --openssl-legacy-provider (a flag of the whole process).
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

// The parent ending our stdin, by stop() or by dying, stops the server.
process.stdin.on('data', () => {});
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0));
});
