import { expect } from 'chai';
import { formatProblems } from '../../kernel/modules/module-problem';

describe('formatProblems', () => {
  it('prints one problem per line as "<moduleId> (<file>): <message>"', () => {
    expect(
      formatProblems([
        { moduleId: 'users', file: '/m/users/manifest.json', message: 'depends on "auth", but no valid module "auth" was found' },
        { moduleId: 'roles', file: '/m/roles/manifest.json', message: 'dependency cycle: roles -> menus -> roles' },
      ]),
    ).to.equal(
      'users (/m/users/manifest.json): depends on "auth", but no valid module "auth" was found\n' +
        'roles (/m/roles/manifest.json): dependency cycle: roles -> menus -> roles',
    );
  });

  it('leaves out the parts a problem does not have', () => {
    expect(formatProblems([{ file: '/opt/modules', message: 'no such module folder' }, { moduleId: 'users', message: 'x' }, { message: 'y' }])).to.equal(
      '/opt/modules: no such module folder\nusers: x\ny',
    );
  });

  it('prints nothing for no problems', () => {
    expect(formatProblems([])).to.equal('');
  });
});
