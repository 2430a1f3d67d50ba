/**
 * The payment files of a week's payouts: the SEPA credit transfer (pain.001.001.09, written by
 * the `sepa` library) validated against the ISO 20022 XSD kept in test/fixtures/sepa (its origin:
 * test/fixtures/sepa/README.md), with the exact control sum; the CSV; the CLI export.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { runStaffCommand } from '../../server/staff/commands';
import { createFsPhotoStorage } from '../../server/storage/photo-storage';
import { sepaText } from '../../server/money/export';
import { startTestServer, type TestServer } from './helpers';
import { addTask, makeTasker, runWeek, staff } from './money-helpers';

const XSD = readFileSync(join(process.cwd(), 'test/fixtures/sepa/pain.001.001.09.xsd'), 'utf8');

async function validate(xml: string) {
  return validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }] });
}

let server: TestServer;
const ids: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2026-10-05T08:00:00Z');
  // The seed's unpaid work goes into an earlier week's payouts, so the week tested holds only ours.
  await runWeek(server, 'LT', '2026-09-21');
  // Three LT taskers with valid IBANs (the registry examples), one without, one with a broken IBAN.
  const a = await makeTasker(server.db, { country: 'LT', firstName: 'Aistė', lastName: 'Kazlauskienė', iban: 'LT121000011101001000' });
  const b = await makeTasker(server.db, { country: 'LT', firstName: 'Łukasz', lastName: 'Żółć', iban: 'DE89370400440532013000' });
  const c = await makeTasker(server.db, { country: 'LT', firstName: 'Jonas', lastName: 'Jonaitis', iban: 'AT611904300234573201' });
  const none = await makeTasker(server.db, { country: 'LT', iban: null });
  const broken = await makeTasker(server.db, { country: 'LT', iban: 'LT000000000000000000' });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, none: none.id, broken: broken.id });
  // 0.10 + 0.20 for a, 1234.55 for b, 0.05 for c: an exact 1234.90 in the file.
  await addTask(server.db, { taskerId: a.id, country: 'LT', reward: '0.10', at: '2026-09-29T10:00:00Z' });
  await addTask(server.db, { taskerId: a.id, country: 'LT', reward: '0.20', at: '2026-09-30T10:00:00Z' });
  await addTask(server.db, { taskerId: b.id, country: 'LT', reward: '1234.55', at: '2026-09-30T11:00:00Z' });
  await addTask(server.db, { taskerId: c.id, country: 'LT', reward: '0.05', at: '2026-10-01T11:00:00Z' });
  await addTask(server.db, { taskerId: none.id, country: 'LT', reward: '9.00', at: '2026-10-01T11:00:00Z' });
  await addTask(server.db, { taskerId: broken.id, country: 'LT', reward: '8.00', at: '2026-10-01T11:00:00Z' });
  // A PLN payout the SEPA file never carries.
  const pl = await makeTasker(server.db, { country: 'PL', iban: 'PL61109010140000071219812874' });
  await addTask(server.db, { taskerId: pl.id, country: 'PL', reward: '99.99', at: '2026-10-01T11:00:00Z' });
  await runWeek(server, 'LT', '2026-09-28');
  await runWeek(server, 'PL', '2026-09-28');
});
afterAll(async () => {
  await server?.close();
});

describe('SEPA credit transfer (pain.001.001.09)', () => {
  it('is valid against the ISO 20022 schema and pays the pending EUR payouts with their exact sum', async () => {
    const res = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=LT&week=2026-09-28' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const skipped = String(res.headers['shelfwork-payouts-skipped']).split(',');
    expect(skipped.map((s) => s.split(':')[1]).sort()).toEqual(['IBAN_INVALID', 'NO_IBAN']);
    expect(xml).toContain('<CtrlSum>1234.90</CtrlSum>');
    expect(res.headers['shelfwork-control-sum']).toBe('1234.90');
    expect(res.headers['shelfwork-payouts-included']).toBe('3');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.30</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1234.55</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.05</InstdAmt>');
    expect(xml).toContain('<Nm>Aiste Kazlauskiene</Nm>');
    expect(xml).toContain('<Nm>Lukasz Zolc</Nm>');
    expect(xml).toContain('<IBAN>LT121000011101001000</IBAN>'); // the debtor (default demo account) and tasker a
    expect(xml).not.toContain('99.99');
  });

  it('the validator refuses a broken file (the check can fail)', async () => {
    const res = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=LT&week=2026-09-28' });
    const broken = res.body.replace('<InstdAmt Ccy="EUR">0.05</InstdAmt>', '<InstdAmt Ccy="EUR">0.055.5</InstdAmt>');
    expect(broken).not.toBe(res.body);
    const result = await validate(broken);
    expect(result.errors.map((e) => e.message).join('\n')).toContain('InstdAmt');
    const badIban = res.body.replace('<IBAN>DE89370400440532013000</IBAN>', '<IBAN>DE89 3704 0044</IBAN>');
    expect(badIban).not.toBe(res.body);
    expect((await validate(badIban)).valid).toBe(false);
  });

  it('is refused for a market that does not pay in EUR, and when nothing is pending', async () => {
    const pl = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=PL&week=2026-09-28' });
    expect(pl.statusCode).toBe(400);
    expect(pl.json().error.fields).toEqual({ country: 'NOT_EUR' });
    const empty = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=LT&week=2026-08-31' });
    expect(empty.json().error.fields).toEqual({ week: 'NOTHING_TO_PAY' });
    const bad = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=XX&week=2026-09-29' });
    expect(bad.json().error.fields).toEqual({ country: 'COUNTRY_INVALID', week: 'NOT_A_MONDAY' });
  });

  it('keeps names in the SEPA character set', () => {
    expect(sepaText('Žemaitė-Ąžuolienė & Šarūnas <x>', 70)).toBe('Zemaite-Azuoliene Sarunas x');
    expect(sepaText('Ștefan Mărginean', 70)).toBe('Stefan Marginean');
  });
});

describe('CSV', () => {
  it('lists every payout of the week with exact amounts, quoted and safe for spreadsheets', async () => {
    await server.db.updateTable('users').set({ first_name: '=HYPERLINK("x")', last_name: 'O"Brien, Jr' }).where('id', '=', ids.none as string).execute();
    const res = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.csv?country=LT&week=2026-09-28' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('payout_id,week_start,status,user_id,email,first_name,last_name,iban,currency,task_reward,reward_reductions,overpayment_repayment,bonuses,total,tasks_count,paid_at');
    const mine = rows.find((r) => r.includes(ids.a as string));
    expect(mine).toMatch(/,LT121000011101001000,EUR,0\.30,0\.00,0\.00,0\.00,0\.30,2,$/);
    const quoted = rows.find((r) => r.includes(ids.none as string));
    expect(quoted).toContain(`"'=HYPERLINK(""x"")","O""Brien, Jr",,EUR,9.00`);
  });

  it('the CLI writes the same files; mark-paid leaves nothing pending for the next SEPA file', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const deps = { db: server.db, storage: createFsPhotoStorage(server.config.photoDir), photoDir: server.config.photoDir, now: server.clock.now(), out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    expect(await runStaffCommand(['payouts', 'export', '--country', 'LT', '--week', '2026-09-28', '--format', 'sepa'], deps)).toBe(0);
    expect((await validate(out.pop() as string)).valid).toBe(true);
    expect(err.join('\n')).toContain('3 transfer(s), control sum 1234.90 EUR');
    expect(await runStaffCommand(['payouts', 'export', '--country', 'LT', '--week', '2026-09-28', '--format', 'csv'], deps)).toBe(0);
    expect(out.pop()).toContain('payout_id,week_start');
    expect(await runStaffCommand(['payouts', 'mark-paid', '--country', 'LT', '--week', '2026-09-28', '--by', 'Finance'], deps)).toBe(0);
    expect((JSON.parse(out.pop() as string) as { paid: string[] }).paid).toHaveLength(5);
    expect(await runStaffCommand(['payouts', 'mark-paid', '--country', 'LT', '--week', '2026-09-28'], deps)).toBe(0);
    expect(JSON.parse(out.pop() as string)).toEqual({ paid: [] });
    const after = await staff(server, { method: 'GET', url: '/api/staff/payouts/export.xml?country=LT&week=2026-09-28' });
    expect(after.json().error.fields).toEqual({ week: 'NOTHING_TO_PAY' });
    expect(await runStaffCommand(['payouts', 'list', '--country', 'LT', '--week', 'monday'], deps)).toBe(1);
  });
});
