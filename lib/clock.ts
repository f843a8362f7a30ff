/** The current time, injected so that tests control it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
