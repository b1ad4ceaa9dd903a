import { expect } from 'chai';
import { canonicalTimeZone, cronProblems, latestFireTime, nextFireTime, nextFireTimes } from '../../modules/tasks/schedules/cron-schedule';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/** The cron helper alone, at fixed instants: no clock, no server. */
describe('tasks: cron schedules in a time zone', () => {
  it('fires `0 9 * * *` at 09:00 in Asia/Shanghai, which is 01:00 UTC (no daylight saving)', () => {
    const times = nextFireTimes('0 9 * * *', 'Asia/Shanghai', new Date('2025-06-01T02:00:00Z'), 3);
    expect(iso(times)).to.deep.equal(['2025-06-02T01:00:00.000Z', '2025-06-03T01:00:00.000Z', '2025-06-04T01:00:00.000Z']);
  });

  it('keeps 09:00 local in America/New_York across the spring change: 14:00 UTC before, 13:00 UTC after', () => {
    // Daylight saving starts on Sunday 9 March 2025 at 02:00 local.
    const times = nextFireTimes('0 9 * * *', 'America/New_York', new Date('2025-03-07T15:00:00Z'), 3);
    expect(iso(times)).to.deep.equal(['2025-03-08T14:00:00.000Z', '2025-03-09T13:00:00.000Z', '2025-03-10T13:00:00.000Z']);
  });

  it('keeps 09:00 local in America/New_York across the autumn change: 13:00 UTC before, 14:00 UTC after', () => {
    // Daylight saving ends on Sunday 2 November 2025 at 02:00 local.
    const times = nextFireTimes('0 9 * * *', 'America/New_York', new Date('2025-10-31T15:00:00Z'), 3);
    expect(iso(times)).to.deep.equal(['2025-11-01T13:00:00.000Z', '2025-11-02T14:00:00.000Z', '2025-11-03T14:00:00.000Z']);
  });

  it('fires a time the autumn change repeats (01:30) once, not twice', () => {
    const times = nextFireTimes('30 1 * * *', 'America/New_York', new Date('2025-11-01T12:00:00Z'), 2);
    expect(iso(times)).to.deep.equal(['2025-11-02T05:30:00.000Z', '2025-11-03T06:30:00.000Z']);
  });

  it('shifts a time the spring change skips (02:30) forward by the skipped hour', () => {
    const times = nextFireTimes('30 2 * * *', 'America/New_York', new Date('2025-03-08T12:00:00Z'), 2);
    // 03:30 EDT on the day of the change, then 02:30 EDT again.
    expect(iso(times)).to.deep.equal(['2025-03-09T07:30:00.000Z', '2025-03-10T06:30:00.000Z']);
  });

  it('reads six fields as seconds first', () => {
    const times = nextFireTimes('*/2 * * * * *', 'UTC', new Date('2025-01-01T10:00:00.500Z'), 3);
    expect(iso(times)).to.deep.equal(['2025-01-01T10:00:02.000Z', '2025-01-01T10:00:04.000Z', '2025-01-01T10:00:06.000Z']);
  });

  it('answers the next fire time strictly after an instant, and the latest at or before it', () => {
    const at = new Date('2025-01-01T10:00:00.000Z');
    expect(nextFireTime('0 * * * *', 'UTC', at).toISOString()).to.equal('2025-01-01T11:00:00.000Z');
    expect(latestFireTime('0 * * * *', 'UTC', at).toISOString()).to.equal('2025-01-01T10:00:00.000Z');
    expect(latestFireTime('0 * * * *', 'UTC', new Date('2025-01-01T12:59:59.999Z')).toISOString()).to.equal('2025-01-01T12:00:00.000Z');
  });

  it('finds the latest fire time in a time zone after a long gap (what catch-up submits)', () => {
    expect(latestFireTime('0 9 * * *', 'Asia/Shanghai', new Date('2025-06-10T00:30:00Z')).toISOString()).to.equal('2025-06-09T01:00:00.000Z');
  });

  it('names time zones canonically and refuses what is not an IANA zone', () => {
    expect(canonicalTimeZone('asia/shanghai')).to.equal('Asia/Shanghai');
    expect(canonicalTimeZone('Etc/UTC')).to.equal('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).to.equal(undefined);
    expect(canonicalTimeZone('+08:00')).to.equal(undefined);
  });

  it('finds nothing wrong with a sound cron in a known zone', () => {
    expect(cronProblems('0 9 * * 1-5', 'Europe/Paris')).to.deep.equal([]);
    expect(cronProblems('*/10 * * * * *', 'UTC')).to.deep.equal([]);
  });

  for (const [cron, why] of [
    ['', 'no field at all'],
    ['* * * *', 'four fields'],
    ['* * * * * * *', 'seven fields'],
    ['@daily', 'an alias'],
    ['61 * * * *', 'a minute out of range'],
    ['0 0 30 2 *', 'a date that never comes'],
    ['0 9 * * funday', 'a day that does not exist'],
  ] as const) {
    it(`refuses ${JSON.stringify(cron)} (${why}), naming the cron`, () => {
      const problems = cronProblems(cron, 'UTC');
      expect(problems).to.have.length(1);
      expect(problems[0]).to.include({ field: 'cron', rule: 'cron' });
    });
  }

  it('names both fields when both are wrong', () => {
    expect(cronProblems('nope', 'Nowhere/Land').map((p) => p.field)).to.have.members(['cron', 'timezone']);
  });
});
