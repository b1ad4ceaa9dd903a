import type { GeneratedFile, GenerationPlan, Template } from '../generation-plan';
import { entityFile } from './entity-file';
import { errorsFile } from './errors-file';
import { indexFile } from './index-file';
import { manifestFile } from './manifest-file';
import { listIndexesMigrationName, migrationFiles, migrationNames } from './migration-file';
import { crudModel } from './model';
import { planProblems, reservedNameReason } from './plan-problems';
import { readmeFile } from './readme-file';
import { resourceFile } from './resource-file';
import { schemasFile } from './schemas-file';
import { CRUD_TEMPLATE_ID, CRUD_TEMPLATE_VERSION } from './template-id';

/** A module that declares one table's records as a resource of the kernel's kit, and indexes its list. */
export const crudTemplate: Template = {
  id: CRUD_TEMPLATE_ID,
  version: CRUD_TEMPLATE_VERSION,
  name: 'CRUD module',
  description:
    'A module that lists, reads, creates, updates and deletes the rows of one table, with filters, sorting, the indexes they need, permissions and a menu.',
  problems: planProblems,
  classNameProblem: reservedNameReason,
  render(plan: GenerationPlan): GeneratedFile[] {
    const problems = planProblems(plan);
    if (problems.length > 0) throw new Error(`the ${CRUD_TEMPLATE_ID} template cannot render this plan: ${problems.join('; ')}`);
    const model = crudModel(plan);
    return [
      manifestFile(model, migrationNames(model)),
      entityFile(model),
      schemasFile(model),
      ...(model.ownErrors ? [errorsFile(model)] : []),
      resourceFile(model),
      indexFile(model),
      ...migrationFiles(model),
      readmeFile(model, listIndexesMigrationName(model)),
    ];
  },
};
