/**
 * The SMTP mailer (nodemailer) delivers a login-code message to an SMTP server: a minimal
 * in-process server speaks the protocol on the loopback and records the conversation.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, loginCodeMessage } from '../../server/mail/mailer';

let server: Server;
let port: number;
const received: { commands: string[]; data: string }[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    const session = { commands: [] as string[], data: '' };
    received.push(session);
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 2.0.0 queued\r\n');
          } else session.data += `${line}\n`;
          continue;
        }
        session.commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('SMTP mailer', () => {
  it('sends the login code from the configured sender to the tasker', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, 'Shelfwork <no-reply@shelfwork.app>');
    await mailer.send(loginCodeMessage('tasker@example.com', '123456', 15));
    const session = received.at(-1)!;
    expect(session.commands).toContain('MAIL FROM:<no-reply@shelfwork.app>');
    expect(session.commands).toContain('RCPT TO:<tasker@example.com>');
    expect(session.data).toContain('123456');
    expect(session.data).toMatch(/^To: tasker@example\.com$/m);
  });

  it('sends to exactly the address given, never to one parsed out of it', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, 'Shelfwork <no-reply@shelfwork.app>');
    // Were it parsed, the comment or the display name would go and another mailbox get the code.
    for (const to of ['lt@demo.shelfwork.app(1)', 'Other <lt@demo.shelfwork.app>']) {
      const before = received.length;
      await mailer.send(loginCodeMessage(to, '654321', 15)).catch(() => undefined);
      const rcpts = received.slice(before).flatMap((s) => s.commands.filter((c) => c.startsWith('RCPT TO:')));
      expect(rcpts.filter((c) => c === 'RCPT TO:<lt@demo.shelfwork.app>'), to).toEqual([]);
    }
    const before = received.length;
    await mailer.send({ ...loginCodeMessage('tasker@example.com', '111111', 15), replyTo: 'Someone <else@example.com>' }).catch(() => undefined);
    const session = received.slice(before).at(-1);
    expect(session?.data ?? '').not.toMatch(/^Reply-To: Someone <else@example\.com>$/m);
  });
});
