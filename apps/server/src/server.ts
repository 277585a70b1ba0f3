import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirOpenError } from './db/client';
import { DataDirInUseError } from './lib/data-dir-lock';
import { applyHeapPolicy, settleHeap } from './lib/heap-policy';

const config = loadConfig();
applyHeapPolicy(config.heapGrowingPercent);
const app = await buildApp(config).catch((error: unknown) => {
  // Before the app exists there is no logger: a bad DATABASE_URL or migration ends here. A data folder in use
  // or damaged says what to do in its message: no stack trace around it.
  if (error instanceof DataDirInUseError || error instanceof DataDirOpenError)
    console.error(`Could not start the server: ${error.message}`);
  else console.error('Could not start the server:', error);
  process.exit(1);
});

// Finish in-flight requests and close the database cleanly (PGlite must flush its files).
// A second signal while closing (a supervisor repeating it, the lock check's own) must not kill the process
// halfway through PGlite's flush: it is logged and the first shutdown finishes.
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return app.log.warn({ signal }, 'already shutting down');
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

settleHeap(config.heapGrowingPercent);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
