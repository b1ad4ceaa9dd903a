import { AppError, BootError, RawReply, flushChanges, recordChange, type ModuleContext } from '@atrium/kernel';
import { GeneratorErrors } from './errors';
import { GenerationTurns } from './generation-turns';
import type { GeneratorTable } from './generator-table.entity';
import { stageModule } from './module-folder';
import { peerInstances } from './peer-instances';
import { TableAccess, sameFacts } from './table-access';
import { configOf, toView, type TableView } from './table-view';
import type { GeneratedFile } from './templates/generation-plan';
import { zipFiles } from './zip';

export interface Generated {
  moduleId: string;
  replaced: boolean;
  files: string[];
  table: TableView;
}

interface Rendered {
  row: GeneratorTable;
  files: GeneratedFile[];
}

/** What a configuration makes: files to look at, a zip to take away, or a live module. */
export class GenerationService {
  private readonly access: TableAccess;

  constructor(private readonly ctx: ModuleContext) {
    this.access = new TableAccess(ctx);
  }

  async preview(id: string): Promise<{ files: GeneratedFile[] }> {
    return { files: (await this.render(id)).files };
  }

  async download(id: string): Promise<RawReply> {
    const { row, files } = await this.render(id);
    return new RawReply(zipFiles(row.moduleId, files, new Date()), 'application/zip', {
      // The module id is `[a-z0-9-]` only: nothing in it needs quoting.
      'Content-Disposition': `attachment; filename="${row.moduleId}.zip"`,
    });
  }

  generate(id: string): Promise<Generated> {
    return this.ctx.resolve(GenerationTurns).take(() => this.generateNow(id));
  }

  private async generateNow(id: string): Promise<Generated> {
    const { row, files } = await this.render(id);
    // Checked again: a module of that id may have been loaded since the configuration was saved.
    this.access.refuseForeignModule(configOf(row));
    this.access.refuseRenamedClass(configOf(row));
    const staged = stageModule(this.ctx.kernel.lifecycle.generatedModulesDir, row.moduleId, row.tableName, files);
    try {
      await this.ctx.kernel.lifecycle.load(staged.dir);
    } catch (error) {
      staged.rollback();
      if (!(error instanceof BootError)) throw error;
      throw new AppError(GeneratorErrors.GENERATOR_MODULE_REFUSED_409, {
        cause: error,
        details: error.problems.map((p) => ({ message: p.message })),
      });
    }
    staged.commit();
    const before = toView(row);
    row.generatedAt = new Date();
    await flushChanges(this.access.em());
    // Recorded first: an instance that misses the announcement finds the generation in the database.
    await peerInstances(this.ctx).announce(this.ctx, row.moduleId, row.generatedAt);
    const table = toView(row);
    recordChange({ resource: 'generator-table', id, action: 'update', before, after: table });
    return { moduleId: row.moduleId, replaced: staged.replaced, files: files.map((f) => f.path), table };
  }

  /** The files of the configuration, if the table is still as imported and the configuration holds. */
  private async render(id: string): Promise<Rendered> {
    const row = await this.access.load(id);
    const table = await this.access.readTable(row.tableName, { moduleId: row.moduleId, field: '/params/id' });
    if (!sameFacts(row.columns, table.columns)) {
      throw new AppError(GeneratorErrors.GENERATOR_TABLE_CHANGED_409, {
        details: [{ field: '/params/id', message: `"${row.tableName}" changed since it was imported` }],
      });
    }
    const { template, plan } = await this.access.check(configOf(row));
    return { row, files: template.render(plan) };
  }
}
