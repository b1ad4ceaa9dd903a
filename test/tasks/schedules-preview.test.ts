import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { SchedulesClient } from './schedules-support';

const VIEWER = tokenFor('viewer', ['task:schedule:list']);

/** GET /tasks/schedules/preview: a schedule form's fire times, before anything is saved. */
describe('tasks: GET /tasks/schedules/preview', () => {
  let server: TestServer;
  const viewer = new SchedulesClient(() => server).as(VIEWER);
  const preview = (query: Record<string, string>) => viewer.call('get', `/tasks/schedules/preview?${new URLSearchParams(query).toString()}`);
  const fireTimes = async (query: Record<string, string>) => (expectSuccess(await preview(query)).data as { nextFireTimes: string[] }).nextFireTimes;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  it('answers the next five fire times after now, in UTC when no time zone is given', async () => {
    const before = Date.now();
    const times = await fireTimes({ cron: '30 6 * * *' });
    expect(times).to.have.length(5);
    expect(Date.parse(times[0])).to.be.greaterThan(before);
    for (const time of times) expect(time).to.match(/T06:30:00\.000Z$/);
    for (let i = 1; i < times.length; i++) expect(Date.parse(times[i]) - Date.parse(times[i - 1])).to.equal(24 * 3600_000);
  });

  it('reads the cron in the time zone given: 09:00 in Shanghai is 01:00 UTC', async () => {
    for (const time of await fireTimes({ cron: '0 9 * * *', timezone: 'Asia/Shanghai' })) expect(time).to.match(/T01:00:00\.000Z$/);
  });

  it('answers the same times a schedule saved with that cron and time zone shows', async () => {
    const schedule = await new SchedulesClient(() => server).create({
      name: 'Weekday mornings',
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      type: 'system.echo',
    });
    expect(await fireTimes({ cron: '0 9 * * 1-5', timezone: 'Europe/Paris' })).to.deep.equal(schedule.nextFireTimes);
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/cron for an expression that never fires or has the wrong fields', async () => {
    for (const cron of ['0 0 30 2 *', '@daily', '61 * * * *']) {
      const body = expectError(await preview({ cron }), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(body, '/query/cron').rule).to.equal('cron');
    }
  });

  it('answers 400 naming /query/timezone for a zone that does not exist', async () => {
    const body = expectError(await preview({ cron: '0 9 * * *', timezone: 'Mars/Olympus' }), 400, 'VALIDATION_FAILED_400');
    expect(body.details.map((detail) => detail.field)).to.deep.equal(['/query/timezone']);
  });

  it('answers 400 naming /query/cron when no cron is sent', async () => {
    detailFor(expectError(await preview({}), 400, 'VALIDATION_FAILED_400'), '/query/cron');
  });

  it('answers 403 without task:schedule:list', async () => {
    const res = await new SchedulesClient(() => server)
      .as(tokenFor('stranger', ['task:task:submit']))
      .call('get', '/tasks/schedules/preview?cron=0%209%20*%20*%20*');
    expectError(res, 403, 'PERM_DENIED_403');
  });
});
