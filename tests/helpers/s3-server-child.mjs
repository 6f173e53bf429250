// An S3-compatible server (@20minutes/s3rver) in a process of its own on 127.0.0.1, for tests: argv is the
// directory it keeps objects in, the port (0 for any free one) and the buckets to create. It prints its port.
import S3rver from "@20minutes/s3rver";

const [directory, port, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port: bound } = await server.run();
process.stdout.write(`listening ${bound}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
