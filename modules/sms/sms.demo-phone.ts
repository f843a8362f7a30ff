import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '#lib/html.ts';
import { toAccountPhone } from '#lib/phone.ts';
import type { SmsSimulator } from './sms.simulator.ts';

/** Where the demo's phone reads the SMS the simulator took (SMS_PROVIDER=simulator). */
export const DEMO_SMS_PHONE_PATH = '/sms-simulator/phone';

/**
 * The demo's phone for SMS: with SMS_PROVIDER=simulator no SMS leaves, so a visitor who
 * registers with a number reads its code here, as on their phone. One number's messages at a
 * time, newest first. A plain page: no styles or scripts (the site serves it under the CSP of
 * its other simulator pages).
 */
export const demoSmsPhoneRoutes: FastifyPluginAsync<{ simulator: SmsSimulator }> = async (
  app,
  { simulator },
) => {
  app.get(
    DEMO_SMS_PHONE_PATH,
    { config: { access: 'public' as const }, schema: { hide: true } },
    async (request, reply) => {
      const typed = new URL(request.url, 'http://site.invalid').searchParams.get('number') ?? '';
      const number = toAccountPhone(typed);
      const messages = number
        ? simulator
            .messages()
            .filter((sms) => sms.to === number)
            .reverse()
        : [];
      const items = messages.map(
        (sms) => `<li>
<p><strong>${escapeHtml(sms.from ?? 'SMS')}</strong>, ${escapeHtml(sms.receivedAt.toISOString())}</p>
<pre>${escapeHtml(sms.message)}</pre>
</li>`,
      );
      const list = number
        ? items.length > 0
          ? `<h2>SMS to ${escapeHtml(number)}</h2>\n<ul>\n${items.join('\n')}\n</ul>`
          : `<p>No SMS was sent to ${escapeHtml(number)}.</p>`
        : typed
          ? '<p>That is not a phone number.</p>'
          : '';
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone (SMS simulator)</title>
</head>
<body>
<main>
<h1>Phone (SMS simulator)</h1>
<p>This page stands for a phone: it shows the SMS the site sent to a number. No SMS leaves the demo.</p>
<form method="get" action="${DEMO_SMS_PHONE_PATH}">
<label for="number">Phone number</label>
<input id="number" name="number" type="tel" value="${escapeHtml(typed)}" required>
<button type="submit">Show its SMS</button>
</form>
${list}
</main>
</body>
</html>
`;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );
};
