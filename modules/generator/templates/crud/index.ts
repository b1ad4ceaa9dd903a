import type { GeneratedFile, GenerationPlan, Template } from '../generation-plan';
import { entityFile } from './entity-file';
import { errorsFile } from './errors-file';
import { indexFile } from './index-file';
import { manifestFile } from './manifest-file';
import { crudModel } from './model';
import { planProblems, reservedNameReason } from './plan-problems';
import { readmeFile } from './readme-file';
import { routesFile } from './routes-file';
import { schemasFile } from './schemas-file';
import { serviceFile } from './service-file';
import { CRUD_TEMPLATE_ID, CRUD_TEMPLATE_VERSION } from './template-id';

/** A module with the five routes of one table's records, written as a module author would. */
export const crudTemplate: Template = {
  id: CRUD_TEMPLATE_ID,
  version: CRUD_TEMPLATE_VERSION,
  name: 'CRUD module',
  description: 'A module that lists, reads, creates, updates and deletes the rows of one table, with filters, sorting, permissions and a menu.',
  problems: planProblems,
  classNameProblem: reservedNameReason,
  render(plan: GenerationPlan): GeneratedFile[] {
    const problems = planProblems(plan);
    if (problems.length > 0) throw new Error(`the ${CRUD_TEMPLATE_ID} template cannot render this plan: ${problems.join('; ')}`);
    const model = crudModel(plan);
    return [
      manifestFile(model),
      entityFile(model),
      schemasFile(model),
      serviceFile(model),
      routesFile(model),
      ...(model.ownErrors ? [errorsFile(model)] : []),
      indexFile(model),
      readmeFile(model),
    ];
  },
};
