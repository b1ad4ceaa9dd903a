import { defineModule } from '@atrium/kernel';
import { GeneratorErrors } from './errors';
import { downloadTable, generateModule, previewTable } from './generation.routes';
import { GeneratorTableEntity } from './generator-table.entity';
import { recoverInterruptedWrites } from './module-folder';
import { PeerInstances } from './peer-instances';
import { deleteTable, getTable, importTable, listAvailableTables, listTables, listTemplates, syncTable, updateTable } from './tables.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/tool/generator': '代码生成' } },
  errors: GeneratorErrors,
  entities: [GeneratorTableEntity],
  // Fixed paths (/generator/tables/available) before /generator/tables/{id}, which would take them for an id.
  routes: [
    listTemplates,
    listAvailableTables,
    listTables,
    importTable,
    getTable,
    updateTable,
    syncTable,
    deleteTable,
    previewTable,
    downloadTable,
    generateModule,
  ],
  async setup(ctx) {
    recoverInterruptedWrites(ctx.kernel.lifecycle.generatedModulesDir);
    const peers = new PeerInstances();
    await peers.follow(ctx);
    return peers;
  },
  stop: (ctx) => ctx.state.stop(),
});
