import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { mock } from '../../src/mocks/node';
import { cancellationEndDate, spaceText } from '../../src/mocks/rules';
import { apiError, loginAs, seedEmails, send, setClock } from '../support/mock-api';

// The mock's v1 through the client's v1 calls; v1.1's are tested in tests/mocks/v1-1*.test.ts and tests/api/v1-1*.
beforeEach(() => mock.setApiVersion('v1'));

afterEach(() => vi.useRealTimers());

async function datastoreNamed(identifier: string) {
  const found = (await getStatus()).find((datastore) => datastore.custom_name === identifier);
  if (!found) throw new Error(`no datastore ${identifier}`);
  return found;
}

describe('the datastore list', () => {
  it('lists the seeded datastores with their space and no temporary passwords', async () => {
    await loginAs();
    const status = await getStatus();
    expect(status.map((datastore) => datastore.custom_name)).toEqual(['backup', 'archive', 'old', 'media']);
    // No temporary password to show: empty, or (spec-strict mock, "may be empty") left out.
    expect(status.every((datastore) => !datastore.password)).toBe(true);
    expect(await datastoreNamed('backup')).toMatchObject({
      volume: 0,
      space_used_text: '734 GB',
      space_total_text: 'unlimited',
    });
    expect(await datastoreNamed('archive')).toMatchObject({
      volume: 5,
      space_used_text: '4.25 TB',
      space_total_text: '5 TB',
    });
    expect(await datastoreNamed('media')).toMatchObject({
      volume: 2,
      space_used_text: '120 GB',
      unencrypted_files: true,
    });
    expect((await datastoreNamed('old')).contract_end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives every datastore its backup-server access in PBS form', async () => {
    await loginAs();
    expect(await datastoreNamed('archive')).toMatchObject({
      datastore: 'k10001_archive',
      username: 'k10001_archive',
      hostname: expect.stringMatching(/^pbs\d\.backup\.example\.com$/),
      port: 8007,
      repository: expect.stringMatching(/^k10001_archive@pbs@pbs\d\.backup\.example\.com:8007:k10001_archive$/),
    });
  });

  it('writes space the way the dashboard shows it, 1 TB being 1000 GB', () => {
    expect(spaceText(4.25e12)).toBe('4.25 TB');
    expect(spaceText(5e12)).toBe('5 TB');
    expect(spaceText(120e9)).toBe('120 GB');
    expect(spaceText(5.3e9)).toBe('5.3 GB');
    expect(spaceText(800e6)).toBe('800 MB');
    expect(spaceText(0)).toBe('0 MB');
  });
});

describe('buying a datastore', () => {
  it('creates a dynamic datastore for product 0 and a fixed one for products 1 to 20', async () => {
    await loginAs();
    await expect(buyDatastore('Daily', 0)).resolves.toBeUndefined();
    await buyDatastore('big', 20);
    expect(await datastoreNamed('Daily')).toMatchObject({
      volume: 0,
      datastore: 'k10001_daily',
      space_used_text: '0 MB',
      space_total_text: 'unlimited',
    });
    expect(await datastoreNamed('big')).toMatchObject({ volume: 20, space_total_text: '20 TB' });
    expect(mock.outbox().at(-1)).toMatchObject({ to: seedEmails.demo, subject: 'Your datastore big is ready' });
  });

  it('shows the temporary password during the first 5 minutes only', async () => {
    setClock('2026-11-22T10:00:00Z');
    await loginAs();
    await buyDatastore('fresh1', 1);
    const password = (await datastoreNamed('fresh1')).password;
    expect(password).toMatch(/.{16,}/);
    vi.setSystemTime(new Date('2026-11-22T10:04:59Z'));
    expect((await datastoreNamed('fresh1')).password).toBe(password);
    vi.setSystemTime(new Date('2026-11-22T10:05:00Z'));
    expect((await datastoreNamed('fresh1')).password).toBe('');
  });

  it('refuses an identifier that is taken, whatever its letter case, with 409', async () => {
    await loginAs();
    const error = await apiError(buyDatastore('BACKUP', 1));
    expect(error).toMatchObject({ status: 409, reason: 'A datastore with this name already exists' });
  });

  it.each([
    ['/product/pbs/too-long1/1', 'The datastore identifier must be 1 to 8 letters or digits.'],
    ['/product/pbs/waytoolong/1', 'The datastore identifier must be 1 to 8 letters or digits.'],
    ['/product/pbs/extra/21', 'The product must be 0 for the dynamic rate or a volume of 1 to 20 TB.'],
    ['/product/pbs/extra/1.5', 'The product must be 0 for the dynamic rate or a volume of 1 to 20 TB.'],
    ['/product/pbs/extra/x', 'The product must be 0 for the dynamic rate or a volume of 1 to 20 TB.'],
  ])('refuses %s with 400', async (path, reason) => {
    await loginAs();
    expect(await send('GET', path)).toEqual({ status: 400, body: { status: 'error', reason } });
  });

  it('refuses an account without company details with 403', async () => {
    await loginAs(seedEmails.fresh);
    const error = await apiError(buyDatastore('backup', 1));
    expect(error).toMatchObject({
      status: 403,
      reason: 'Please complete your company details before buying a datastore.',
    });
  });

  it('refuses a purchase after the contract was cancelled with 403', async () => {
    await loginAs();
    await cancelContract();
    const error = await apiError(buyDatastore('extra', 1));
    expect(error).toMatchObject({
      status: 403,
      reason: 'Your contract is cancelled; no new datastores can be bought.',
    });
  });
});

describe('cancelling a datastore', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-12-31'],
    ['2026-12-10T10:00:00Z', '2027-01-31'],
    ['2026-11-02T12:00:00Z', '2026-11-30'],
    ['2026-11-03T12:00:00Z', '2026-12-31'],
    ['2027-01-31T23:30:00Z', '2027-03-31'],
  ])('cancelled at %s ends on %s, the first month-end at least four weeks later', async (now, end) => {
    setClock(now);
    expect(cancellationEndDate()).toBe(end);
    await loginAs();
    await expect(cancelDatastore('k10001_archive')).resolves.toBeUndefined();
    expect((await datastoreNamed('archive')).contract_end_date).toBe(end);
  });

  it('accepts the identifier the customer chose as the name too', async () => {
    await loginAs();
    await cancelDatastore('media');
    expect((await datastoreNamed('media')).contract_end_date).not.toBeNull();
    expect(mock.outbox().at(-1)?.subject).toBe('Cancellation of datastore media');
  });

  it('refuses a datastore that is already cancelled with 409', async () => {
    await loginAs();
    const error = await apiError(cancelDatastore('old'));
    expect(error).toMatchObject({ status: 409, reason: 'This datastore is already cancelled' });
  });

  it('refuses an unknown datastore, or another customer’s, with 404', async () => {
    await loginAs();
    expect(await apiError(cancelDatastore('nothere'))).toMatchObject({
      status: 404,
      reason: 'There is no datastore with this name',
    });
    await loginAs(seedEmails.fresh);
    expect((await apiError(cancelDatastore('k10001_backup'))).status).toBe(404);
  });
});
