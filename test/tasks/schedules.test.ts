import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { SchedulesClient, type ScheduleBody } from './schedules-support';

/** Holds task:task:submit, which the system.* types need: a schedule's creator must hold its type's permission. */
const PLANNER = tokenFor('planner', ['task:schedule:list', 'task:schedule:add', 'task:schedule:edit', 'task:schedule:remove', 'task:task:submit']);
const VIEWER = tokenFor('viewer', ['task:schedule:list']);

/** The local wall-clock time of an instant in a zone, `HH:mm`. */
function localTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/** The schedules' API: definitions, refusals, views. Nothing here waits for a fire time. */
describe('tasks: /tasks/schedules', () => {
  let server: TestServer;
  const api = new SchedulesClient(() => server);
  const planner = api.as(PLANNER);
  let names = 0;
  const unique = (stem: string) => `${stem} ${++names}`;
  /** How many schedules are named like `stem`: a refusal must store nothing. */
  const countNamed = async (stem: string) =>
    (expectSuccess(await api.call('get', `/tasks/schedules?keyword=${encodeURIComponent(stem)}`)).data as { total: number }).total;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  describe('creating', () => {
    it('answers 201 with the schedule, its owner the caller, and its next five fire times', async () => {
      const before = Date.now();
      const created = await planner.create({ name: unique('Nightly echo'), cron: '0 2 * * *', type: 'system.echo', payload: { report: 'nightly' } });
      expect(created).to.include({
        cron: '0 2 * * *',
        timezone: 'UTC',
        type: 'system.echo',
        enabled: true,
        version: 1,
        createdBy: 'user-planner',
        lastFiredAt: null,
      });
      expect(created.payload).to.deep.equal({ report: 'nightly' });
      expect(created.nextFireTimes).to.have.length(5);
      expect(created.nextFireAt).to.equal(created.nextFireTimes[0]);
      const times = created.nextFireTimes.map((t) => Date.parse(t));
      expect(times[0]).to.be.greaterThan(before);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).to.equal(24 * 3600_000);
      for (const t of created.nextFireTimes) expect(t).to.match(/T02:00:00\.000Z$/);
      expect(await api.get(created.id)).to.deep.include({ id: created.id, name: created.name, payload: { report: 'nightly' } });
    });

    it('defaults the payload to {} and accepts a disabled schedule, which shows no fire times', async () => {
      const created = await api.create({ name: unique('Idle'), cron: '*/5 * * * *', type: 'system.echo', enabled: false });
      expect(created).to.include({ enabled: false, nextFireAt: null });
      expect(created.payload).to.deep.equal({});
      expect(created.nextFireTimes).to.deep.equal([]);
    });

    it('reads the cron in the schedule’s time zone: 09:00 in Asia/Shanghai is 01:00 UTC', async () => {
      const created = await api.create({ name: unique('Shanghai morning'), cron: '0 9 * * *', timezone: 'Asia/Shanghai', type: 'system.echo' });
      expect(created.timezone).to.equal('Asia/Shanghai');
      for (const t of created.nextFireTimes) expect(t).to.match(/T01:00:00\.000Z$/);
    });

    it('fires at 09:00 New York time whichever UTC offset daylight saving gives it', async () => {
      const created = await api.create({ name: unique('New York morning'), cron: '0 9 * * *', timezone: 'america/new_york', type: 'system.echo' });
      expect(created.timezone).to.equal('America/New_York');
      for (const t of created.nextFireTimes) {
        expect(t).to.match(/T1[34]:00:00\.000Z$/);
        expect(localTime(t, 'America/New_York')).to.equal('09:00');
      }
    });

    it('takes six fields as seconds first', async () => {
      const created = await api.create({ name: unique('Every ten seconds'), cron: '*/10 * * * * *', type: 'system.echo', enabled: true });
      const seconds = created.nextFireTimes.map((t) => Date.parse(t) / 1000);
      for (let i = 1; i < seconds.length; i++) expect(seconds[i] - seconds[i - 1]).to.equal(10);
      for (const s of seconds) expect(s % 10).to.equal(0);
    });

    it('answers 409 TASK_SCHEDULE_DUPLICATED_409 naming /body/name for a taken name, whatever its case', async () => {
      const name = unique('Taken');
      await api.create({ name, cron: '0 * * * *', type: 'system.echo' });
      const body = expectError(
        await api.call('post', '/tasks/schedules', { name: name.toUpperCase(), cron: '0 * * * *', type: 'system.echo' }),
        409,
        'TASK_SCHEDULE_DUPLICATED_409',
      );
      expect(detailFor(body, '/body/name').rule).to.equal('unique');
      expect(await countNamed(name)).to.equal(1);
    });

    const refusals: [string, Record<string, unknown>, number, string, string | undefined][] = [
      ['a cron that is not one', { cron: 'every morning' }, 400, 'VALIDATION_FAILED_400', '/body/cron'],
      ['a cron with seven fields', { cron: '0 0 9 * * * 2030' }, 400, 'VALIDATION_FAILED_400', '/body/cron'],
      ['a cron out of range', { cron: '0 25 * * *' }, 400, 'VALIDATION_FAILED_400', '/body/cron'],
      ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 400, 'VALIDATION_FAILED_400', '/body/timezone'],
      ['an offset in place of a time zone', { timezone: '+08:00' }, 400, 'VALIDATION_FAILED_400', '/body/timezone'],
      ['an unknown task type', { type: 'system.nothing' }, 400, 'TASK_TYPE_UNKNOWN_400', '/body/type'],
      ['a payload its type refuses', { type: 'system.sleep', payload: { ms: 'soon' } }, 400, 'VALIDATION_FAILED_400', '/body/payload/ms'],
      [
        'a payload with a property its type does not know',
        { type: 'system.sleep', payload: { ms: 5, extra: true } },
        400,
        'VALIDATION_FAILED_400',
        '/body/payload/extra',
      ],
    ];
    for (const [what, change, status, code, field] of refusals) {
      it(`answers ${status} ${code}${field ? ` naming ${field}` : ''} for ${what}, and stores nothing`, async () => {
        const name = unique('Refused');
        const body = expectError(await api.call('post', '/tasks/schedules', { name, cron: '0 * * * *', type: 'system.echo', ...change }), status, code);
        if (field) detailFor(body, field);
        expect(await countNamed(name)).to.equal(0);
      });
    }

    it('names both the cron and the time zone when both are wrong', async () => {
      const body = expectError(
        await api.call('post', '/tasks/schedules', { name: unique('Twice wrong'), cron: 'nope', timezone: 'Nowhere/Land', type: 'system.echo' }),
        400,
        'VALIDATION_FAILED_400',
      );
      detailFor(body, '/body/cron');
      detailFor(body, '/body/timezone');
    });
  });

  describe('changing', () => {
    it('changes the fields sent, counts the next fire times from the new cron and bumps the version', async () => {
      const created = await api.create({ name: unique('Hourly'), cron: '0 * * * *', type: 'system.echo' });
      const changed = expectSuccess(
        await api.call('put', `/tasks/schedules/${created.id}`, { cron: '30 6 * * *', timezone: 'Asia/Shanghai', payload: { v: 2 }, version: 1 }),
      ).data as ScheduleBody;
      expect(changed).to.include({ name: created.name, cron: '30 6 * * *', timezone: 'Asia/Shanghai', version: 2 });
      expect(changed.payload).to.deep.equal({ v: 2 });
      for (const t of changed.nextFireTimes) expect(t).to.match(/T22:30:00\.000Z$/);
      expect(changed.nextFireAt).to.equal(changed.nextFireTimes[0]);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version, and keeps the schedule as it was', async () => {
      const created = await api.create({ name: unique('Versioned'), cron: '0 * * * *', type: 'system.echo' });
      expectSuccess(await api.call('put', `/tasks/schedules/${created.id}`, { name: unique('Versioned'), version: 1 }));
      expectError(await api.call('put', `/tasks/schedules/${created.id}`, { cron: '5 * * * *', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expect(await api.get(created.id)).to.include({ cron: '0 * * * *', version: 2 });
    });

    it('refuses a bad cron, time zone, type or payload on update and changes nothing', async () => {
      const created = await api.create({ name: unique('Guarded'), cron: '0 * * * *', type: 'system.echo' });
      const path = `/tasks/schedules/${created.id}`;
      detailFor(expectError(await api.call('put', path, { cron: '* * *', version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/cron');
      detailFor(expectError(await api.call('put', path, { timezone: 'Europe/Atlantis', version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/timezone');
      expectError(await api.call('put', path, { type: 'no.such-type', version: 1 }), 400, 'TASK_TYPE_UNKNOWN_400');
      // The echo payload {} does not fit system.sleep: the type and the payload are checked together.
      detailFor(expectError(await api.call('put', path, { type: 'system.sleep', version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/payload/ms');
      const kept = await api.get(created.id);
      expect(kept).to.include({ cron: '0 * * * *', timezone: 'UTC', type: 'system.echo', version: 1 });
      expect(kept.nextFireAt).to.equal(created.nextFireAt);
    });

    it('answers 409 TASK_SCHEDULE_DUPLICATED_409 for a rename to a taken name', async () => {
      const first = await api.create({ name: unique('First'), cron: '0 * * * *', type: 'system.echo' });
      const second = await api.create({ name: unique('Second'), cron: '0 * * * *', type: 'system.echo' });
      const body = expectError(await api.call('put', `/tasks/schedules/${second.id}`, { name: first.name, version: 1 }), 409, 'TASK_SCHEDULE_DUPLICATED_409');
      detailFor(body, '/body/name');
    });

    it('disables and enables through PUT', async () => {
      const created = await api.create({ name: unique('Toggled by PUT'), cron: '0 * * * *', type: 'system.echo' });
      const disabled = expectSuccess(await api.call('put', `/tasks/schedules/${created.id}`, { enabled: false, version: 1 })).data as ScheduleBody;
      expect(disabled).to.include({ enabled: false, nextFireAt: null, version: 2 });
      expect(disabled.nextFireTimes).to.deep.equal([]);
      const enabled = expectSuccess(await api.call('put', `/tasks/schedules/${created.id}`, { enabled: true, version: 2 })).data as ScheduleBody;
      expect(enabled).to.include({ enabled: true, version: 3 });
      expect(enabled.nextFireAt).to.equal(enabled.nextFireTimes[0]);
    });
  });

  describe('enable and disable', () => {
    it('disables with POST …/disable: no fire times, the version bumped; again, nothing changes', async () => {
      const created = await api.create({ name: unique('Switch'), cron: '0 * * * *', type: 'system.echo' });
      const disabled = expectSuccess(await api.call('post', `/tasks/schedules/${created.id}/disable`)).data as ScheduleBody;
      expect(disabled).to.include({ enabled: false, nextFireAt: null, version: 2 });
      expect(disabled.nextFireTimes).to.deep.equal([]);
      const again = expectSuccess(await api.call('post', `/tasks/schedules/${created.id}/disable?version=2`)).data as ScheduleBody;
      expect(again).to.include({ enabled: false, version: 2 });
    });

    it('enables with POST …/enable, counting the next fire time from now', async () => {
      const created = await api.create({ name: unique('Sleeper'), cron: '15 * * * *', type: 'system.echo', enabled: false });
      const enabled = expectSuccess(await api.call('post', `/tasks/schedules/${created.id}/enable?version=1`)).data as ScheduleBody;
      expect(enabled).to.include({ enabled: true, version: 2 });
      expect(Date.parse(enabled.nextFireAt!)).to.be.greaterThan(Date.now() - 1000);
      expect(enabled.nextFireAt).to.match(/:15:00\.000Z$/);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an action with a stale version', async () => {
      const created = await api.create({ name: unique('Stale switch'), cron: '0 * * * *', type: 'system.echo' });
      expectSuccess(await api.call('put', `/tasks/schedules/${created.id}`, { name: unique('Stale switch'), version: 1 }));
      expectError(await api.call('post', `/tasks/schedules/${created.id}/disable?version=1`), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expect(await api.get(created.id)).to.include({ enabled: true });
    });
  });

  describe('listing, reading, deleting', () => {
    it('pages, sorts by a whitelisted field and filters', async () => {
      const stem = `Listed ${Date.now()}`;
      for (const [suffix, enabled] of [
        ['a', true],
        ['b', false],
        ['c', true],
      ] as const) {
        await api.create({ name: `${stem} ${suffix}`, cron: '0 * * * *', type: 'system.echo', enabled });
      }
      const page = expectSuccess(await api.call('get', `/tasks/schedules?keyword=${encodeURIComponent(stem)}&pageSize=2&page=1&sort=name,desc`)).data as {
        items: ScheduleBody[];
        total: number;
        page: number;
        pageSize: number;
      };
      expect(page).to.include({ total: 3, page: 1, pageSize: 2 });
      expect(page.items.map((s) => s.name)).to.deep.equal([`${stem} c`, `${stem} b`]);
      expect(page.items[0].nextFireTimes).to.have.length(5);
      const disabled = expectSuccess(await api.call('get', `/tasks/schedules?keyword=${encodeURIComponent(stem)}&enabled=false`)).data as {
        items: ScheduleBody[];
      };
      expect(disabled.items.map((s) => s.name)).to.deep.equal([`${stem} b`]);
      const byNext = expectSuccess(await api.call('get', `/tasks/schedules?keyword=${encodeURIComponent(stem)}&sort=nextFireAt,asc`)).data as {
        items: ScheduleBody[];
      };
      expect(byNext.items).to.have.length(3);
    });

    it('answers 400 naming /query/sort for a field off the whitelist', async () => {
      detailFor(expectError(await api.call('get', '/tasks/schedules?sort=payload,asc'), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    });

    it('deletes a schedule (a stale version is 409), after which it is 404', async () => {
      const created = await api.create({ name: unique('Doomed'), cron: '0 * * * *', type: 'system.echo' });
      expectError(await api.call('delete', `/tasks/schedules/${created.id}?version=7`), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expect(expectSuccess(await api.call('delete', `/tasks/schedules/${created.id}?version=1`)).data).to.deep.equal({});
      expectError(await api.call('get', `/tasks/schedules/${created.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.call('post', `/tasks/schedules/${created.id}/enable`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('permissions', () => {
    it('lets a caller with task:schedule:list read, and nothing more', async () => {
      const created = await api.create({ name: unique('Read only'), cron: '0 * * * *', type: 'system.echo' });
      const viewer = api.as(VIEWER);
      expectSuccess(await viewer.call('get', '/tasks/schedules'));
      expectSuccess(await viewer.call('get', `/tasks/schedules/${created.id}`));
      expectError(await viewer.call('post', '/tasks/schedules', { name: unique('Nope'), cron: '0 * * * *', type: 'system.echo' }), 403, 'PERM_DENIED_403');
      expectError(await viewer.call('put', `/tasks/schedules/${created.id}`, { name: 'x', version: 1 }), 403, 'PERM_DENIED_403');
      expectError(await viewer.call('post', `/tasks/schedules/${created.id}/disable`), 403, 'PERM_DENIED_403');
      expectError(await viewer.call('delete', `/tasks/schedules/${created.id}`), 403, 'PERM_DENIED_403');
    });

    it('answers 401 without a token', async () => {
      expectError(await server.http().get('/api/v1/tasks/schedules'), 401, 'AUTH_TOKEN_MISSING_401');
    });
  });
});
