import { describe, expect, it } from 'vitest';
import { createCatalogueEvents } from './catalogue.events.ts';

function recordingEvents() {
  const errors: unknown[] = [];
  const events = createCatalogueEvents({ onListenerError: (error) => errors.push(error) });
  return { events, errors };
}

describe('catalogue events', () => {
  it('tells every listener of each change, in the order they subscribed', () => {
    const { events } = recordingEvents();
    const heard: string[] = [];
    events.onChange(() => heard.push('search'));
    events.onChange(() => heard.push('alerts'));

    events.changed();
    events.changed();

    expect(heard).toEqual(['search', 'alerts', 'search', 'alerts']);
  });

  it('stops telling a listener once it unsubscribes, even during a change', () => {
    const { events } = recordingEvents();
    const heard: string[] = [];
    const stopFirst = events.onChange(() => {
      heard.push('first');
      stopFirst();
    });
    events.onChange(() => heard.push('second'));

    events.changed();
    events.changed();

    expect(heard).toEqual(['first', 'second', 'second']);
  });

  it('keeps telling the others when one listener throws, and reports the error', () => {
    const { events, errors } = recordingEvents();
    const failure = new Error('broadcast down');
    const heard: string[] = [];
    events.onChange(() => {
      throw failure;
    });
    events.onChange(() => heard.push('search'));

    expect(() => events.changed()).not.toThrow();

    expect(heard).toEqual(['search']);
    expect(errors).toEqual([failure]);
  });

  it('changes nothing without listeners', () => {
    const { events, errors } = recordingEvents();
    expect(() => events.changed()).not.toThrow();
    expect(errors).toEqual([]);
  });
});
