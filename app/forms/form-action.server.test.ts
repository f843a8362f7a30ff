import { redirect } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConflictError, InvalidError, NotFoundError, PayloadTooLargeError } from '#lib/errors.ts';
import { createTestApp, createTestPageContext, type TestApp } from '#server/testing.ts';
import { formHandler, handleForm, handleIntents } from './form-action.server.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

function post(fields: Record<string, string>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request('http://localhost/page', { method: 'POST', body });
}

function argsFor(fields: Record<string, string>, overrides = {}) {
  return { request: post(fields), context: createTestPageContext(test, null, overrides) };
}

const NameSchema = z.object({ name: z.string().min(1, 'Enter a name') });

describe('handleIntents', () => {
  const handlers = {
    greet: formHandler(NameSchema, async ({ name }) => `Hello ${name}`),
    refuse: formHandler(
      z.object({}),
      async () => {
        throw new ConflictError('Already done.');
      },
      { failure: 'Failed to refuse.' },
    ),
  };

  it('runs the form its intent names and says which form it answers', async () => {
    const answer = await handleIntents(argsFor({ intent: 'greet', name: 'Aline' }), handlers);
    expect(answer.data).toEqual({ ok: true, message: 'Hello Aline', intent: 'greet' });
  });

  it('refuses an unknown intent with 400, naming the field', async () => {
    const answer = await handleIntents(argsFor({ intent: 'steal', name: 'x' }), handlers);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, intent: null });
    expect(Object.keys(answer.data.ok ? {} : answer.data.fieldErrors)).toEqual(['intent']);
  });

  it('answers bad fields with 400 and an error per field, tagged with the intent', async () => {
    const answer = await handleIntents(argsFor({ intent: 'greet', name: '' }), handlers);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      message: 'name: Enter a name',
      fieldErrors: { name: 'Enter a name' },
      intent: 'greet',
    });
  });

  it("answers a refusal with the page's failure text and the error's status", async () => {
    const answer = await handleIntents(argsFor({ intent: 'refuse' }), handlers);
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, message: 'Failed to refuse.' });
  });
});

describe('handleForm', () => {
  it("keeps a refusal's own message when the page has no failure text", async () => {
    const answer = await handleForm(argsFor({}), z.object({}), async () => {
      throw new NotFoundError('Listing not found.');
    });
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ ok: false, message: 'Listing not found.', fieldErrors: {} });
  });

  it("puts a service's field issues beside their fields", async () => {
    const answer = await handleForm(argsFor({}), z.object({}), async () => {
      throw InvalidError.field('email', 'This email is already registered');
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: { email: 'This email is already registered' },
    });
  });

  it("puts a photo too large beside the photos field, with the upload's status", async () => {
    const answer = await handleForm(argsFor({}), z.object({}), async () => {
      throw PayloadTooLargeError.field('photos', 'each photo must be at most 10 MB');
    });
    expect(answer.init?.status).toBe(413);
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: { photos: 'each photo must be at most 10 MB' },
    });
  });

  it('logs an unexpected error with the request and answers 500 in the form', async () => {
    const logger = test.app.log.child({ reqId: 'form-test' });
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const failure = new Error('connection reset');
    const answer = await handleForm(
      argsFor({}, { logger }),
      z.object({}),
      async () => {
        throw failure;
      },
      { failure: 'Failed to save.' },
    );
    expect(answer.init?.status).toBe(500);
    // Marked as the server's fault: the page shows its own failure text, not a reason.
    expect(answer.data).toEqual({
      ok: false,
      message: 'Failed to save.',
      fieldErrors: {},
      isServerFault: true,
    });
    expect(logged).toHaveBeenCalledWith({ err: failure }, 'a form action failed');
  });

  it('lets a redirect through', async () => {
    await expect(
      handleForm(argsFor({}), z.object({}), async () => {
        throw redirect('/done');
      }),
    ).rejects.toMatchObject({ status: 302 });
  });

  it('answers 429 with Retry-After over the form limit, without running the form', async () => {
    const run = vi.fn(async () => 'sent');
    const answer = await handleForm(
      argsFor({}, { formRateLimit: { isExceeded: true, retryAfterSeconds: 42 } }),
      z.object({}),
      run,
    );
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get('retry-after')).toBe('42');
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a NUL in a field with 400 naming it, without running the form', async () => {
    const run = vi.fn(async () => 'saved');
    const schema = z.object({ title: z.string(), features: z.array(z.string()).optional() });
    /** A form posted as a browser without JavaScript sends it: url-encoded. */
    const postEncoded = (body: string) =>
      handleForm(
        {
          request: new Request('http://localhost/page', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          }),
          context: createTestPageContext(test, null),
        },
        schema,
        run,
      );
    const message = 'must be valid text (it holds a broken character)';

    const inTitle = await postEncoded('title=Inzu%00nziza');
    expect(inTitle.init?.status).toBe(400);
    expect(inTitle.data).toEqual({
      ok: false,
      message: `title: ${message}`,
      fieldErrors: { title: message },
    });
    const inList = await postEncoded('title=Inzu&features=Parking&features=Pool%00');
    expect(inList.data).toMatchObject({ ok: false, fieldErrors: { features: message } });
    expect(run).not.toHaveBeenCalled();

    expect((await postEncoded('title=Inzu&features=Parking&features=Pool')).data).toEqual({
      ok: true,
      message: 'saved',
    });
  });

  it('hands the photo files to the form, leaving empty file inputs out', async () => {
    const body = new FormData();
    body.append('title', 'House');
    body.append('photos', new Blob([Buffer.from('photo-bytes')]), 'a.jpg');
    body.append('photos', new Blob([]), '');
    const request = new Request('http://localhost/page', { method: 'POST', body });
    let received: Buffer[] = [];
    await handleForm(
      { request, context: createTestPageContext(test, null) },
      z.object({ title: z.string() }),
      async (_input, photos) => {
        received = photos;
        return 'ok';
      },
    );
    expect(received.map((photo) => photo.toString())).toEqual(['photo-bytes']);
  });
});
