// web-test-runner plugin: browser tests build, start, change and stop widget registries through commands.
import {
  addTamperedPackages,
  buildRegistryFixture,
  makeRegistry,
  publishPack,
  startFlakyRegistry,
  startRegistryProcess,
  unpublish,
} from './registry-fixture.mjs';
import { runLong, settleJob } from './wtr-long-command.mjs';

export function registryPlugin() {
  const running = new Map();
  let next = 0;
  return {
    name: 'mcpwp-registry',
    // Packing the example widgets takes a while on a busy machine; do it before any test runs, so a
    // browser command only publishes and starts a server.
    async serverStart() {
      await buildRegistryFixture();
    },
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'registry-start': {
          const id = `reg${++next}`;
          const start = async () => {
            const fixture = await buildRegistryFixture();
            const dir = await makeRegistry(fixture, payload.packs ?? []);
            const cases = payload.tampered ? await addTamperedPackages(fixture, dir) : [];
            const registry = await startRegistryProcess(dir);
            const flaky = payload.flaky ? await startFlakyRegistry() : undefined;
            running.set(id, { registry, flaky, fixture, dir });
            return {
              id,
              url: registry.url,
              flakyUrl: flaky?.url,
              cases,
              publisher: fixture.publisher,
              publicKey: fixture.publicKey,
            };
          };
          return runLong(start, id);
        }
        case 'registry-publish': {
          const r = running.get(payload.id);
          await publishPack(r.fixture, r.dir, payload.pack);
          return true;
        }
        case 'registry-unpublish': {
          const r = running.get(payload.id);
          await unpublish(r.dir, payload.name, payload.version);
          return true;
        }
        case 'registry-stop': {
          await settleJob(payload.id);
          const r = running.get(payload.id);
          running.delete(payload.id);
          await r?.registry.stop();
          await r?.flaky?.stop();
          return true;
        }
        default:
          return undefined;
      }
    },
    async serverStop() {
      await Promise.all(
        [...running.values()].map(async (r) => {
          await r.registry.stop();
          await r.flaky?.stop();
        }),
      );
      running.clear();
    },
  };
}
